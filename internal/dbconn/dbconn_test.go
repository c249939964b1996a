package dbconn

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseForms(t *testing.T) {
	cases := []struct {
		name, dsn, user, pw, cs string
	}{
		{"easy connect", "app/s3cret@localhost:1521/FREEPDB1", "app", "s3cret", "localhost:1521/FREEPDB1"},
		{"url", "oracle://app:s3cret@db.example:1522/FREEPDB1", "app", "s3cret", "db.example:1522/FREEPDB1"},
		{"logfmt", `user="app" password="s3cret" connectString="localhost:1521/FREEPDB1"`, "app", "s3cret", "localhost:1521/FREEPDB1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Parse(c.dsn, Options{})
			require.NoError(t, err)
			assert.Equal(t, c.user, p.Username)
			assert.Equal(t, c.pw, p.Password.Secret())
			assert.Equal(t, c.cs, p.ConnectString)
		})
	}
}

func TestParseSetsPoolExplicitly(t *testing.T) {
	p, err := Parse("app/pw@localhost:1521/FREEPDB1", Options{})
	require.NoError(t, err)
	assert.False(t, p.IsStandalone(), "godror defaults to standalone; Parse must select the session pool")
	assert.Equal(t, DefaultMinSessions, p.MinSessions)
	assert.Equal(t, DefaultMaxSessions, p.MaxSessions)
	assert.Equal(t, DefaultSessionIncrement, p.SessionIncrement)
	assert.Equal(t, DefaultWaitTimeout, p.WaitTimeout)
	assert.Equal(t, DefaultSessionTimeout, p.SessionTimeout)
	assert.Equal(t, DefaultMaxLifetime, p.MaxLifeTime)

	p, err = Parse("app/pw@localhost:1521/FREEPDB1", Options{MinSessions: 2, MaxSessions: 4, WaitTimeout: time.Second})
	require.NoError(t, err)
	assert.Equal(t, 2, p.MinSessions)
	assert.Equal(t, 4, p.MaxSessions)
	assert.Equal(t, time.Second, p.WaitTimeout)
}

func TestParseDSNPoolKeysWin(t *testing.T) {
	dsn := `user=app password=pw connectString=h:1521/S poolMaxSessions=50 poolWaitTimeout=2s standaloneConnection=1`
	p, err := Parse(dsn, Options{MaxSessions: 4})
	require.NoError(t, err)
	assert.Equal(t, 50, p.MaxSessions)
	assert.Equal(t, 2*time.Second, p.WaitTimeout)
	assert.True(t, p.IsStandalone())
	assert.Equal(t, DefaultMinSessions, p.MinSessions, "keys the DSN does not name still get our defaults")

	p, err = Parse("oracle://app:pw@h:1521/S?poolMinSessions=3&poolMaxSessions=3", Options{})
	require.NoError(t, err)
	assert.Equal(t, 3, p.MinSessions)
	assert.Equal(t, 0, p.SessionIncrement, "a fixed-size pool has no increment (godror's rule)")
}

func TestParseMinAboveMaxIsCapped(t *testing.T) {
	p, err := Parse("app/pw@h:1521/S", Options{MinSessions: 9, MaxSessions: 3})
	require.NoError(t, err)
	assert.Equal(t, 3, p.MinSessions)
	assert.Equal(t, 3, p.MaxSessions)
}

func TestParseMalformed(t *testing.T) {
	cases := []struct {
		name, dsn, want string
	}{
		{"empty", "   ", "DSN is empty"},
		{"no address", "app/s3cret", "no database address"},
		{"no user", "oracle://h:1521/FREEPDB1", "no user name"},
		{"address only", "localhost:1521/FREEPDB1", "no user name: write user/password@host:port/service"},
		{"bad pool value", "user=app password=s3cret connectString=h:1/S poolMaxSessions=lots", "the value of poolMaxSessions is not valid: godror expects an integer"},
		{"bad url port", "oracle://app:s3cret@host:port/S", "invalid port"},
		{"logfmt syntax", `user=app password="s3cret connectString=h:1/S`, "malformed DSN"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.dsn, Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "s3cret", "error messages must never show the password")
			var ce *Error
			require.True(t, errors.As(err, &ce))
			assert.Equal(t, KindBadDSN, ce.Kind)
		})
	}
}

func TestOpenDoesNotConnect(t *testing.T) {
	db, err := Open("app/pw@127.0.0.1:1/NOWHERE", Options{MaxSessions: 3})
	require.NoError(t, err)
	assert.Equal(t, 3, db.Stats().MaxOpenConnections)
	require.NoError(t, db.Close())

	_, err = Open("", Options{})
	assert.ErrorContains(t, err, "DSN is empty")
}

func TestEndpoint(t *testing.T) {
	assert.Equal(t, "h:1521/S", Endpoint("app/pw@h:1521/S"))
	assert.Equal(t, "", Endpoint(`user="x`+"\n"+`password="`))
	assert.Equal(t, "h:1/S", Endpoint(`USER=app Password=pw connectstring=h:1/S`))
}
