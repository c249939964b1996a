package dbconn

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	go_ora "github.com/sijms/go-ora/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// godror's logfmt accepts bare values; agentmem also accepts key names in
// any case and the oracle:// scheme in any case.
func TestParseAcceptsWhatGodrorAccepts(t *testing.T) {
	cases := []struct{ name, dsn string }{
		{"quoted", `user="app" password="s3cret" connectString="h:1521/X"`},
		{"bare values", `user=app password=s3cret connectString=h:1521/X`},
		{"lower-case keys", `user="app" password="s3cret" connectstring="h:1521/X"`},
		{"upper-case keys", `USER=app PASSWORD=s3cret CONNECTSTRING=h:1521/X`},
		{"multi-line", "user=app\npassword=s3cret\nconnectString=h:1521/X"},
		{"connectString first", `connectString=h:1521/X user=app password=s3cret`},
		{"url scheme case", `ORACLE://app:s3cret@h:1521/X`},
		{"url query key case", `oracle://app:s3cret@h:1521/X?POOLMAXSESSIONS=3`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Parse(c.dsn, Options{})
			require.NoError(t, err)
			assert.Equal(t, "app", p.Username)
			assert.Equal(t, "s3cret", p.Password.Secret())
			assert.Equal(t, "h:1521/X", p.ConnectString)
		})
	}
	p, err := Parse(`user=app password=pw connectstring=h:1/X poolmaxsessions=3`, Options{})
	require.NoError(t, err)
	assert.Equal(t, 3, p.MaxSessions, "a pool key in any case is the DSN's own setting")
}

// The report: the key case differed from connectString, godror
// read the DSN as easy connect, and the message echoed it twice.
func TestMalformedDSNMessagesNameTheProblemOnly(t *testing.T) {
	cases := []struct{ dsn, want string }{
		{`user="app" password="s3cret"`, "no connectString"},
		{`user=app password=s3cret words connectString=h:1/X`, "a word without =value follows password="},
		{`user=app password=s3cret colour=blue connectString=h:1/X`, "the parameter after password= is not a godror DSN parameter"},
		{`user=app password="s3cret connectString=h:1/X`, "logfmt syntax error"},
		{`http://app:s3cret@h:1/X`, "unsupported URL scheme"},
		{`oracle://app:s3/cret@h:1/X`, "not a valid URL (invalid port after the host)"},
		{`oracle://app:s3cret@h:1/X?colour=blue`, "not a godror DSN parameter"},
		{`app/s3cret`, "no database address"},
		{`h:1521/X`, "no user name"},
		{`user=app password=s3cret connectString=h:1/X standaloneConnection=maybe`, "the value of standaloneConnection is not valid"},
		{`user=app password=s3cret connectString=h:1/X timezone=s3cret`, "godror rejects a parameter value"},
	}
	for _, c := range cases {
		_, err := Parse(c.dsn, Options{})
		require.Error(t, err, c.dsn)
		assert.Contains(t, err.Error(), c.want, c.dsn)
		assert.NotContains(t, err.Error(), "s3", c.dsn)
		assert.NotContains(t, err.Error(), "cret", c.dsn)
		var ce *Error
		require.True(t, errors.As(err, &ce), c.dsn)
		assert.Equal(t, KindBadDSN, ce.Kind)
	}
}

// FuzzDSNNeverShowsThePassword builds every DSN form around a fuzzed
// password and a fuzzed tail (more parameters, broken syntax), and checks
// that no error message of Parse (which Open and Connect use) nor Endpoint contains the password.
func FuzzDSNNeverShowsThePassword(f *testing.F) {
	f.Add("s3cret", " connectstring=h:1521/X", uint8(0))
	f.Add("s3cret", `"`, uint8(1))
	f.Add("p@ss/w:rd", "@h:1521/X", uint8(2))
	f.Add("pa ss", "@host:port/S", uint8(3))
	f.Add("s3cret", " poolMaxSessions=lots", uint8(4))
	f.Add(`q"uo\te`, "\npoolWaitTimeout=x", uint8(5))
	f.Add("s3cret", "?timezone=Nowhere/Land", uint8(6))
	f.Add("s3cret", "?SSL=true", uint8(8))
	f.Add("p@ss/w:rd", "", uint8(8))
	f.Add("s3cret", "@h:1521/X libDir=/opt", uint8(0))
	// The messages are built from this package's fixed texts only; a
	// password that occurs in them (say "pass", in "password") cannot be
	// told apart from them.
	var source strings.Builder
	names, err := filepath.Glob("*.go")
	require.NoError(f, err)
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		b, err := os.ReadFile(name)
		require.NoError(f, err)
		source.Write(b)
	}
	fixed := source.String()
	f.Fuzz(func(t *testing.T, pw, tail string, form uint8) {
		if len(pw) < 4 || strings.Contains(fixed, pw) {
			return
		}
		// In the bare forms a password with a separator is not one password
		// any parser could read (the DSN is malformed around it); the quoted
		// and escaped forms cover those characters.
		bare := map[uint8]string{0: " \t\n\r\"=", 2: "@/", 5: " \t\n\r\"=", 7: " \t\n\r\"="}
		if cut, ok := bare[form%8]; ok && strings.ContainsAny(pw, cut) {
			return
		}
		var dsn string
		switch form % 9 {
		case 0:
			dsn = "user=app password=" + pw + tail
		case 1:
			dsn = `user="app" PASSWORD=` + strconv.Quote(pw) + " connectString=h:1/X" + tail
		case 2:
			dsn = "app/" + pw + tail
		case 3:
			dsn = "oracle://app:" + pw + tail
		case 4:
			dsn = "oracle://" + url.UserPassword("app", pw).String() + "@h:1/X" + tail
		case 5:
			dsn = "Password=" + pw + "\nuser=app" + tail
		case 6:
			dsn = "app/" + strings.NewReplacer("@", `\@`, "/", `\/`).Replace(pw) + "@h:1/X" + tail
		case 7:
			dsn = tail + " password=" + pw
		case 8:
			// go-ora's own URL form: oracle://user:password@host:port/service?option=...
			dsn = go_ora.BuildUrl("h", 1521, "X", "app", pw, nil) + tail
		}
		check := func(where, msg string) {
			if strings.Contains(msg, pw) {
				t.Fatalf("%s shows the password %q: %s", where, pw, msg)
			}
		}
		if _, err := Parse(dsn, Options{}); err != nil {
			check("Parse", err.Error())
			check("Parse (unwrapped)", errors.Unwrap(err).Error())
		}
		check("Endpoint", Endpoint(dsn))
		// The go-ora path (parsed for go-ora, then the URL go-ora gets):
		// its errors must not show the password either.
		if _, err := OpenDriver(dsn, DriverGoOra, Options{}); err != nil {
			check("OpenDriver go-ora", err.Error())
			if u := errors.Unwrap(err); u != nil {
				check("OpenDriver go-ora (unwrapped)", u.Error())
			}
		}
	})
}
