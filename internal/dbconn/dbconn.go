// Package dbconn opens the godror *sql.DB that every agentmem command uses:
// it accepts the DSN forms people actually type, sets the session pool
// explicitly (godror's code default is one standalone connection per
// database/sql connection, not the pool its docs describe), never prints a
// password, and turns connection failures into one line that says what to do.
package dbconn

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/godror/godror"
)

// Options are the pool settings applied to every DSN. A zero field takes the
// default documented on it. A pool key written in the DSN itself (for
// example poolMaxSessions=50) wins over the option, so a DBA can tune a
// deployment without a new binary.
type Options struct {
	// MinSessions kept open in the OCI session pool (poolMinSessions).
	// Default 1: one warm session; a CLI run or a small service gains
	// nothing from more at start, and each session is a server process.
	MinSessions int
	// MaxSessions the pool may open (poolMaxSessions); database/sql is capped
	// to the same number so it never waits on sessions the pool cannot give.
	// Default 8: agentmem calls are one round trip each, so a handful of
	// sessions serves many goroutines, and Oracle Free has a low process cap.
	MaxSessions int
	// SessionIncrement is how many sessions the pool opens when it grows
	// (poolIncrement). Default 1: grow only as demand appears.
	SessionIncrement int
	// WaitTimeout is how long a caller waits for a free session when all
	// MaxSessions are busy (poolWaitTimeout). Default 10s: long enough to
	// ride out a burst, short enough that a stuck pool fails visibly.
	WaitTimeout time.Duration
	// SessionTimeout closes sessions idle for that long (poolSessionTimeout).
	// Default 5m, godror's own default, restated so it is a decision.
	SessionTimeout time.Duration
	// MaxLifetime retires a session after that long even if busy, so server
	// side leaks and stale package state do not live forever
	// (poolSessionMaxLifetime). Default 1h.
	MaxLifetime time.Duration
}

// Defaults filled in for zero Options fields.
const (
	DefaultMinSessions      = 1
	DefaultMaxSessions      = 8
	DefaultSessionIncrement = 1
	DefaultWaitTimeout      = 10 * time.Second
	DefaultSessionTimeout   = 5 * time.Minute
	DefaultMaxLifetime      = time.Hour
)

func (o Options) withDefaults() Options {
	if o.MinSessions <= 0 {
		o.MinSessions = DefaultMinSessions
	}
	if o.MaxSessions <= 0 {
		o.MaxSessions = DefaultMaxSessions
	}
	if o.SessionIncrement <= 0 {
		o.SessionIncrement = DefaultSessionIncrement
	}
	if o.WaitTimeout <= 0 {
		o.WaitTimeout = DefaultWaitTimeout
	}
	if o.SessionTimeout <= 0 {
		o.SessionTimeout = DefaultSessionTimeout
	}
	if o.MaxLifetime <= 0 {
		o.MaxLifetime = DefaultMaxLifetime
	}
	return o
}

// Forms is the one-line description of the accepted DSN forms, used in
// messages about a missing or malformed DSN.
const Forms = `user/password@host:port/service, oracle://user:password@host:port/service, ` +
	`or godror logfmt: user=... password=... connectString=host:port/service`

// ErrEmptyDSN is returned when the DSN is empty or blank.
var ErrEmptyDSN = errors.New("the DSN is empty: pass --dsn or set ORACLE_DSN (" + Forms + ")")

// Parse turns dsn into godror connection parameters with the pool settings
// of opts applied, without connecting. It accepts godror logfmt
// (`user="app" password="..." connectString="host:1521/FREEPDB1"`, values
// quoted or bare, key names in any case), the easy-connect form
// (`app/secret@host:1521/FREEPDB1`) and the URL form
// (`oracle://app:secret@host:1521/FREEPDB1`). After the key names are put
// into godror's spelling, godror's own dsn.Parse reads the DSN, so every
// form means exactly what it means to godror. Errors name the problem and
// never contain the DSN, so they cannot contain its password.
func Parse(dsn string, opts Options) (godror.ConnectionParams, error) {
	p, _, err := parse(dsn, opts)
	return p, err
}

// parse is Parse that also returns every secret value found in dsn.
func parse(dsn string, opts Options) (godror.ConnectionParams, []string, error) {
	var none godror.ConnectionParams
	if strings.TrimSpace(dsn) == "" {
		return none, nil, &Error{Kind: KindBadDSN, Msg: ErrEmptyDSN.Error(), Err: ErrEmptyDSN}
	}
	t, err := normalize(dsn)
	if err != nil {
		return none, t.secrets, malformed(t.secrets, err.Error())
	}
	p, err := godror.ParseDSN(t.canonical)
	if err != nil {
		return none, t.secrets, malformed(t.secrets, describeParseError(err))
	}
	t.secrets = append(t.secrets, paramSecrets(p)...)
	if strings.TrimSpace(p.ConnectString) == "" {
		return none, t.secrets, malformed(t.secrets, "no database address (host:port/service)")
	}
	if p.Username == "" && !p.ExternalAuth.Bool {
		return none, t.secrets, malformed(t.secrets, "no user name")
	}
	applyPool(&p, t.given, opts.withDefaults())
	return p, t.secrets, nil
}

// malformed builds the KindBadDSN error: the problem and the accepted
// forms, never the DSN; scrub is the last guard on top of that.
func malformed(secrets []string, why string) error {
	why = scrub(why, secrets)
	return &Error{Kind: KindBadDSN, Msg: "malformed DSN: " + why + " (accepted forms: " + Forms + ")", Err: errors.New(why)}
}

// paramSecrets are the secret values of parsed parameters.
func paramSecrets(p godror.ConnectionParams) []string {
	return []string{p.Password.Secret(), p.NewPassword.Secret(), p.Token, p.PrivateKey}
}

// applyPool sets every pool parameter explicitly, except those the DSN names
// itself (given), then re-applies godror's own consistency rules (min <=
// max; no increment for a fixed-size pool).
func applyPool(p *godror.ConnectionParams, given map[string]bool, o Options) {
	if !given["standaloneConnection"] {
		p.StandaloneConnection = godror.Bool(false)
	}
	if !given["poolMinSessions"] {
		p.MinSessions = o.MinSessions
	}
	if !given["poolMaxSessions"] {
		p.MaxSessions = o.MaxSessions
	}
	if !given["poolIncrement"] && !given["sessionIncrement"] {
		p.SessionIncrement = o.SessionIncrement
	}
	if !given["poolWaitTimeout"] {
		p.WaitTimeout = o.WaitTimeout
	}
	if !given["poolSessionTimeout"] {
		p.SessionTimeout = o.SessionTimeout
	}
	if !given["poolSessionMaxLifetime"] {
		p.MaxLifeTime = o.MaxLifetime
	}
	if p.MinSessions > p.MaxSessions {
		p.MinSessions = p.MaxSessions
	}
	if p.MinSessions == p.MaxSessions {
		p.SessionIncrement = 0
	} else if p.SessionIncrement < 1 {
		p.SessionIncrement = 1
	}
}

// Open returns a *sql.DB on the godror session pool described by dsn and
// opts. Like sql.Open it does not connect; use Connect to also check that
// the database answers.
func Open(dsn string, opts Options) (*sql.DB, error) {
	p, err := Parse(dsn, opts)
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(godror.NewConnector(p))
	// database/sql holds one pool session per open connection: never ask
	// for more than the OCI pool can hand out.
	db.SetMaxOpenConns(p.MaxSessions)
	return db, nil
}

// Connect opens the pool and pings the database within ctx. A failure is
// classified (see Classify) with the database address in the message, and
// the pool is closed again.
func Connect(ctx context.Context, dsn string, opts Options) (*sql.DB, error) {
	p, err := Parse(dsn, opts)
	if err != nil {
		return nil, err
	}
	db, err := Open(dsn, opts)
	if err != nil {
		return nil, err
	}
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, connectError(err, p)
	}
	return db, nil
}

// connectError classifies a failed first connection and scrubs the
// secrets of p from the message: driver errors may print parameters.
func connectError(err error, p godror.ConnectionParams) error {
	secrets := paramSecrets(p)
	var ce *Error
	if errors.As(ClassifyAt(err, scrub(p.ConnectString, secrets)), &ce) {
		return &Error{Kind: ce.Kind, Msg: scrub(ce.Msg, secrets), Err: err}
	}
	return &Error{Kind: KindConnect, Msg: "cannot connect: " + scrub(err.Error(), secrets), Err: err}
}

// Endpoint returns the database address of dsn (its connect string), or ""
// when dsn cannot be parsed.
func Endpoint(dsn string) string {
	p, secrets, err := parse(dsn, Options{})
	if err != nil {
		return ""
	}
	return scrub(p.ConnectString, secrets)
}
