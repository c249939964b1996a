package dbconn

// The second driver: go-ora (github.com/sijms/go-ora/v2, pure Go). The DSN
// forms are the same for both drivers and parsed once (Parse); for go-ora
// the parsed parameters become a go-ora URL (go_ora.BuildUrl) and the pool
// options database/sql's pool settings. docs/drivers.md says when to choose
// which.

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/godror/godror"
	go_ora "github.com/sijms/go-ora/v2"
)

// Driver names, as --driver and AGENTMEM_DRIVER take them.
const (
	DriverGodror = "godror"
	DriverGoOra  = "go-ora"
)

// Drivers is the one-line list of driver names for messages.
const Drivers = DriverGodror + " (default; cgo, Oracle Instant Client) or " + DriverGoOra + " (pure Go)"

// ParseDriver checks a driver name: "" is the default, godror.
func ParseDriver(name string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", DriverGodror:
		return DriverGodror, nil
	case DriverGoOra:
		return DriverGoOra, nil
	}
	return "", &Error{Kind: KindBadDSN, Msg: "unknown driver " + strconv.Quote(name) + ": use " + Drivers}
}

// goOraKeys are the DSN parameters that mean the same with go-ora: the
// credentials and address, and the pool keys (mapped to database/sql's
// pool). Every other godror parameter configures OCI or ODPI-C, which
// go-ora does not have; a DSN naming one is refused, not half-honoured.
var goOraKeys = map[string]bool{
	"user": true, "password": true, "connectString": true,
	"poolMinSessions": true, "poolMaxSessions": true, "poolIncrement": true, "sessionIncrement": true,
	"poolWaitTimeout": true, "poolSessionTimeout": true, "poolSessionMaxLifetime": true,
	"standaloneConnection": true,
}

// easyConnect is the connect string go-ora is given here: host[:port]/service.
var easyConnect = regexp.MustCompile(`^(?://)?([A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::([0-9]{1,5}))?/([A-Za-z0-9._$#-]+)$`)

// goOraConfig is what OpenDriver needs for go-ora: the URL (it holds the
// password: never shown), the parsed parameters, the secrets to scrub.
type goOraConfig struct {
	url     string
	params  godror.ConnectionParams
	secrets []string
}

// parseGoOra reads dsn, in any of the Forms, for go-ora. Errors name the
// problem, never the DSN.
func parseGoOra(dsn string, opts Options) (goOraConfig, error) {
	p, secrets, err := parse(dsn, opts)
	if err != nil {
		return goOraConfig{}, err
	}
	t, _ := normalize(dsn) // parse succeeded, so normalize did
	for k := range t.given {
		if !goOraKeys[k] {
			return goOraConfig{}, malformed(secrets, "the parameter "+k+" configures godror's Oracle client and has no "+
				"meaning for go-ora: remove it, or use --driver godror")
		}
	}
	if p.ExternalAuth.Bool {
		return goOraConfig{}, malformed(secrets, "external authentication needs godror: use --driver godror")
	}
	m := easyConnect.FindStringSubmatch(strings.TrimSpace(p.ConnectString))
	if m == nil {
		return goOraConfig{}, malformed(secrets, "go-ora needs the address as host:port/service "+
			"(no tnsnames alias, no connect descriptor): use that form, or --driver godror")
	}
	port := 1521
	if m[2] != "" {
		port, _ = strconv.Atoi(m[2])
	}
	host := strings.Trim(m[1], "[]")
	u := go_ora.BuildUrl(host, port, m[3], p.Username, p.Password.Secret(), nil)
	pw := p.Password.Secret()
	secrets = append(secrets, u, url.PathEscape(pw), url.QueryEscape(pw), url.UserPassword("", pw).String())
	return goOraConfig{url: u, params: p, secrets: secrets}, nil
}

// openGoOra opens a go-ora *sql.DB with the pool settings of cfg: go-ora has
// no session pool of its own, so database/sql's pool is set from the same
// options (MaxSessions → max open and idle connections, SessionTimeout →
// idle time, MaxLifetime → lifetime). MinSessions, SessionIncrement and
// WaitTimeout have no database/sql counterpart: a call waits for a
// connection as long as its context allows.
func openGoOra(cfg goOraConfig) *sql.DB {
	db := sql.OpenDB(go_ora.NewConnector(cfg.url))
	p := cfg.params
	db.SetMaxOpenConns(p.MaxSessions)
	db.SetMaxIdleConns(p.MaxSessions)
	db.SetConnMaxIdleTime(p.SessionTimeout)
	db.SetConnMaxLifetime(p.MaxLifeTime)
	return db
}

// OpenDriver is Open for the named driver (ParseDriver): the same DSN
// forms and options, the pool of that driver. Like sql.Open it does not
// connect.
func OpenDriver(dsn, driverName string, opts Options) (*sql.DB, error) {
	d, err := ParseDriver(driverName)
	if err != nil {
		return nil, err
	}
	if d == DriverGodror {
		return Open(dsn, opts)
	}
	cfg, err := parseGoOra(dsn, opts)
	if err != nil {
		return nil, err
	}
	return openGoOra(cfg), nil
}

// ConnectDriver is Connect for the named driver: it opens the pool and
// pings the database within ctx; a failure is classified (the ORA codes
// of a failed connection are the same for both drivers) and scrubbed.
func ConnectDriver(ctx context.Context, dsn, driverName string, opts Options) (*sql.DB, error) {
	d, err := ParseDriver(driverName)
	if err != nil {
		return nil, err
	}
	if d == DriverGodror {
		return Connect(ctx, dsn, opts)
	}
	cfg, err := parseGoOra(dsn, opts)
	if err != nil {
		return nil, err
	}
	db := openGoOra(cfg)
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		var ce *Error
		where := scrub(cfg.params.ConnectString, cfg.secrets)
		if errors.As(ClassifyAt(err, where), &ce) {
			return nil, &Error{Kind: ce.Kind, Msg: scrub(ce.Msg, cfg.secrets), Err: err}
		}
		return nil, &Error{Kind: KindConnect, Msg: "cannot connect: " + scrub(err.Error(), cfg.secrets), Err: err}
	}
	return db, nil
}
