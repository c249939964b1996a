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
	"fmt"
	"regexp"
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
// (`user="app" password="..." connectString="host:1521/FREEPDB1"`), the
// easy-connect form (`app/secret@host:1521/FREEPDB1`) and the URL form
// (`oracle://app:secret@host:1521/FREEPDB1`); all three are parsed by
// godror's own dsn.Parse, so they mean exactly what they mean to godror.
// Errors name what is wrong and never contain the password.
func Parse(dsn string, opts Options) (godror.ConnectionParams, error) {
	if strings.TrimSpace(dsn) == "" {
		return godror.ConnectionParams{}, &Error{Kind: KindBadDSN, Msg: ErrEmptyDSN.Error(), Err: ErrEmptyDSN}
	}
	if dsnForm(dsn) == formEasyConnect && !strings.Contains(dsn, "@") && strings.Contains(dsn, ":") {
		return godror.ConnectionParams{}, malformed(dsn, "no user name: write user/password@"+strings.TrimSpace(dsn))
	}
	p, err := godror.ParseDSN(dsn)
	if err != nil {
		return p, malformed(dsn, describeParseError(dsn, err))
	}
	if strings.TrimSpace(p.ConnectString) == "" {
		return p, malformed(dsn, "no database address (host:port/service)")
	}
	if p.Username == "" && !p.ExternalAuth.Bool {
		return p, malformed(dsn, "no user name")
	}
	applyPool(&p, dsn, opts.withDefaults())
	return p, nil
}

func malformed(dsn, why string) error {
	msg := fmt.Sprintf("malformed DSN %s: %s (accepted forms: %s)", Redact(dsn), why, Forms)
	return &Error{Kind: KindBadDSN, Msg: msg, Err: errors.New(why)}
}

// applyPool sets every pool parameter explicitly, except those the DSN names
// itself, then re-applies godror's own consistency rules (min <= max; no
// increment for a fixed-size pool).
func applyPool(p *godror.ConnectionParams, dsn string, o Options) {
	if !hasParam(dsn, "standaloneConnection") {
		p.StandaloneConnection = godror.Bool(false)
	}
	if !hasParam(dsn, "poolMinSessions") {
		p.MinSessions = o.MinSessions
	}
	if !hasParam(dsn, "poolMaxSessions") {
		p.MaxSessions = o.MaxSessions
	}
	if !hasParam(dsn, "poolIncrement") && !hasParam(dsn, "sessionIncrement") {
		p.SessionIncrement = o.SessionIncrement
	}
	if !hasParam(dsn, "poolWaitTimeout") {
		p.WaitTimeout = o.WaitTimeout
	}
	if !hasParam(dsn, "poolSessionTimeout") {
		p.SessionTimeout = o.SessionTimeout
	}
	if !hasParam(dsn, "poolSessionMaxLifetime") {
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

// hasParam reports whether the DSN sets key itself: as a logfmt key or a
// URL query parameter. The easy-connect form carries no parameters.
func hasParam(dsn, key string) bool {
	re := regexp.MustCompile(`(^|[\s?&])` + regexp.QuoteMeta(key) + `=`)
	return re.MatchString(dsn)
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
		return nil, ClassifyAt(err, p.ConnectString)
	}
	return db, nil
}

// Endpoint returns the database address of dsn (its connect string), which
// never holds the password, or "" when dsn cannot be parsed.
func Endpoint(dsn string) string {
	p, err := godror.ParseDSN(dsn)
	if err != nil {
		return ""
	}
	return p.ConnectString
}
