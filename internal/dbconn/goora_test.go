package dbconn

import (
	"errors"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseDriver(t *testing.T) {
	for in, want := range map[string]string{"": DriverGodror, "godror": DriverGodror, " GO-ORA ": DriverGoOra} {
		got, err := ParseDriver(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	_, err := ParseDriver("oci8")
	assert.EqualError(t, err, `unknown driver "oci8": use `+Drivers)
}

// Every DSN form gives go-ora the same URL: user, password (escaped),
// host, port, service.
func TestGoOraURLFromEveryForm(t *testing.T) {
	for _, dsn := range []string{
		`app/p\@ss\/w@db.example:1522/FREEPDB1`,
		`oracle://app:p%40ss%2Fw@db.example:1522/FREEPDB1`,
		`user=app password="p@ss/w" connectString=db.example:1522/FREEPDB1`,
	} {
		cfg, err := parseGoOra(dsn, Options{})
		require.NoError(t, err, dsn)
		// go-ora reads its URL with url.Parse (connection_string.go).
		u, err := url.Parse(cfg.url)
		require.NoError(t, err, dsn)
		pw, _ := u.User.Password()
		assert.Equal(t, []string{"oracle", "app", "p@ss/w", "db.example:1522", "/FREEPDB1"},
			[]string{u.Scheme, u.User.Username(), pw, u.Host, u.Path}, dsn)
	}
	cfg, err := parseGoOra("app/pw@db:1521/S poolMaxSessions=3", Options{})
	if err == nil { // easy connect takes no parameters; the logfmt form does
		t.Fatalf("unexpected: %v", cfg.url)
	}
	cfg, err = parseGoOra(`user=app password=pw connectString=db/S poolMaxSessions=3`, Options{})
	require.NoError(t, err)
	assert.Equal(t, "oracle://app:pw@db:1521/S", cfg.url, "port 1521 by default")
	db := openGoOra(cfg)
	defer db.Close()
	assert.Equal(t, 3, db.Stats().MaxOpenConnections, "the DSN's pool key wins over the option")
}

// What go-ora cannot honour is refused by name, never silently dropped.
func TestGoOraRefusesGodrorOnlySettings(t *testing.T) {
	for dsn, want := range map[string]string{
		`user=app password=pw connectString=db:1521/S libDir=/opt/ic`: "the parameter libDir configures godror's Oracle client",
		`user=app password=pw connectString=MYALIAS configDir=/tns`:   "the parameter configDir",
		`app/pw@MYALIAS`: "go-ora needs the address as host:port/service",
		`app/pw@(DESCRIPTION=(ADDRESS=(HOST=h)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=S)))`: "go-ora needs the address",
	} {
		_, err := OpenDriver(dsn, DriverGoOra, Options{})
		var ce *Error
		require.True(t, errors.As(err, &ce), dsn)
		assert.Equal(t, KindBadDSN, ce.Kind)
		assert.Contains(t, err.Error(), want, dsn)
		assert.NotContains(t, err.Error(), "pw@", dsn)
	}
}

func TestGoOraPoolFromOptions(t *testing.T) {
	db, err := OpenDriver("app/pw@db:1521/S", DriverGoOra, Options{MaxSessions: 5, SessionTimeout: time.Minute})
	require.NoError(t, err)
	defer db.Close()
	assert.Equal(t, 5, db.Stats().MaxOpenConnections)
	godrorDB, err := OpenDriver("app/pw@db:1521/S", "", Options{})
	require.NoError(t, err)
	defer godrorDB.Close()
	assert.Equal(t, DefaultMaxSessions, godrorDB.Stats().MaxOpenConnections, "default driver: godror's pool")
}
