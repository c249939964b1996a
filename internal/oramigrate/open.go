package oramigrate

import (
	"context"
	"errors"
	"fmt"
	nurl "net/url"
	"time"

	"github.com/golang-migrate/migrate/v4"
	"github.com/golang-migrate/migrate/v4/database"

	"github.com/agentmem/agentmem/internal/dbconn"
)

// The URL form, for golang-migrate's migrate.New: importing this package
// registers the "oracle" scheme. Instance style (WithInstance, New) is the
// main path; this one exists so standard golang-migrate code can use the
// driver too.
func init() {
	database.Register("oracle", &Driver{})
}

// Open opens a driver from a URL
// oracle://user:password@host:port/service?x-migrations-table=T&x-lock-timeout=15s&x-statement-timeout=0s.
// The x- parameters configure the driver; every other parameter goes to
// godror (see internal/dbconn). The driver owns the *sql.DB it opens and
// closes it in Close.
func (*Driver) Open(url string) (database.Driver, error) {
	u, err := nurl.Parse(url)
	if err != nil {
		// Neither the URL nor url.Parse's cause (it quotes a port or an
		// escape, either of which may be part of the password) is shown:
		// dbconn names the problem without the URL.
		if _, perr := dbconn.Parse(url, dbconn.Options{}); perr != nil {
			return nil, fmt.Errorf("oramigrate: the database URL is malformed: %w", perr)
		}
		return nil, errors.New("oramigrate: the database URL is malformed")
	}
	q := u.Query()
	cfg := Config{MigrationsTable: q.Get("x-migrations-table")}
	for _, p := range []struct {
		key  string
		dest *time.Duration
	}{{"x-lock-timeout", &cfg.LockTimeout}, {"x-statement-timeout", &cfg.StatementTimeout}} {
		if s := q.Get(p.key); s != "" {
			if *p.dest, err = time.ParseDuration(s); err != nil {
				return nil, fmt.Errorf("oramigrate: %s=%q is not a duration such as 15s: %w", p.key, s, err)
			}
		}
	}
	ctx := context.Background()
	db, err := dbconn.Connect(ctx, migrate.FilterCustomQuery(u).String(), dbconn.Options{})
	if err != nil {
		return nil, err
	}
	d, err := withInstance(ctx, db, &cfg)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	d.ownsDB = true
	return d, nil
}
