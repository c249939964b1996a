package oramigrate

import (
	"database/sql"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/golang-migrate/migrate/v4/database"
)

// DBMS_LOCK.REQUEST(id, lockmode, timeout, release_on_commit) RETURN INTEGER
// and DBMS_LOCK.RELEASE(id) RETURN INTEGER, numeric-id overloads (Oracle
// Database PL/SQL Packages and Types Reference, DBMS_LOCK). The numeric id
// avoids ALLOCATE_UNIQUE, which commits and writes to DBMS_LOCK_ALLOCATED.
// release_on_commit => false: the lock must outlive the commits every
// migration statement makes.
const (
	lockRequestSQL = `begin :rc := dbms_lock.request(id => :lock_id, lockmode => dbms_lock.x_mode, ` +
		`timeout => :wait_secs, release_on_commit => false); end;`
	lockReleaseSQL = `begin :rc := dbms_lock.release(id => :lock_id); end;`
)

// maxLockWait is DBMS_LOCK.MAXWAIT (32767 s), the largest timeout REQUEST takes.
const maxLockWait = 32767

// Lock takes the migration lock (exclusive mode) or fails with an error
// wrapping database.ErrLocked after Config.LockTimeout.
func (d *Driver) Lock() error {
	return database.CasRestoreOnErr(&d.isLocked, false, true, database.ErrLocked, func() error {
		var rc int64
		_, err := d.conn.ExecContext(d.context(), lockRequestSQL,
			sql.Named("rc", sql.Out{Dest: &rc}),
			sql.Named("lock_id", d.lockID),
			sql.Named("wait_secs", lockWaitSeconds(d.cfg.LockTimeout)))
		if err != nil {
			return fmt.Errorf("oramigrate: requesting the migration lock: %w", explainPrivilege(err))
		}
		return requestResult(rc, d.lockID, d.cfg.LockTimeout)
	})
}

// Unlock releases the migration lock.
func (d *Driver) Unlock() error {
	return database.CasRestoreOnErr(&d.isLocked, true, false, database.ErrNotLocked, func() error {
		var rc int64
		_, err := d.conn.ExecContext(d.context(), lockReleaseSQL,
			sql.Named("rc", sql.Out{Dest: &rc}),
			sql.Named("lock_id", d.lockID))
		if err != nil {
			return fmt.Errorf("oramigrate: releasing the migration lock: %w", err)
		}
		return releaseResult(rc, d.lockID)
	})
}

// lockWaitSeconds rounds the timeout up to whole seconds (REQUEST takes an
// INTEGER), at least 1 and at most MAXWAIT.
func lockWaitSeconds(d time.Duration) int64 {
	s := int64(math.Ceil(d.Seconds()))
	switch {
	case s < 1:
		return 1
	case s > maxLockWait:
		return maxLockWait
	}
	return s
}

// requestResult maps DBMS_LOCK.REQUEST's return value: 0 success,
// 1 timeout, 2 deadlock, 3 parameter error, 4 already own the lock,
// 5 illegal lock handle.
func requestResult(rc, id int64, timeout time.Duration) error {
	switch rc {
	case 0, 4:
		// 4: this session already holds it; the lock is ours either way.
		return nil
	case 1:
		return fmt.Errorf("%w: another agentmem migration holds the migration lock (DBMS_LOCK user lock %d) and "+
			"did not release it within %s; wait for it to finish and retry (a crashed session's lock goes "+
			"when the database ends that session)", database.ErrLocked, id, timeout)
	case 2:
		return fmt.Errorf("oramigrate: DBMS_LOCK.REQUEST of lock %d returned 2 (deadlock); retry", id)
	case 3:
		return fmt.Errorf("oramigrate: DBMS_LOCK.REQUEST of lock %d returned 3 (parameter error)", id)
	case 5:
		return fmt.Errorf("oramigrate: DBMS_LOCK.REQUEST of lock %d returned 5 (illegal lock handle)", id)
	}
	return fmt.Errorf("oramigrate: DBMS_LOCK.REQUEST of lock %d returned %d, which is undocumented", id, rc)
}

// releaseResult maps DBMS_LOCK.RELEASE's return value: 0 success,
// 3 parameter error, 4 do not own the lock, 5 illegal lock handle.
func releaseResult(rc, id int64) error {
	switch rc {
	case 0:
		return nil
	case 4:
		return fmt.Errorf("oramigrate: DBMS_LOCK.RELEASE of lock %d returned 4: this session did not hold the "+
			"migration lock; the database session was probably replaced mid-run, so check that no other "+
			"migration ran at the same time", id)
	case 3:
		return fmt.Errorf("oramigrate: DBMS_LOCK.RELEASE of lock %d returned 3 (parameter error)", id)
	case 5:
		return fmt.Errorf("oramigrate: DBMS_LOCK.RELEASE of lock %d returned 5 (illegal lock handle)", id)
	}
	return fmt.Errorf("oramigrate: DBMS_LOCK.RELEASE of lock %d returned %d, which is undocumented", id, rc)
}

// The migration lock's share of the user lock ids 0..1073741823:
// 805306368..1073741823 (2^29 + 2^28 .. 2^30 - 1). The store DDL lock
// (AGENTMEM_STORE) uses 0..2^29-1 and the job locks (AGENTMEM_JOBS)
// 2^29..2^29+2^28-1, so no lock of one kind can collide with another kind's;
// docs/operations.md §4 has the table.
const (
	lockIDBase = 805306368
	lockIDSize = 268435456
)

// lockID derives the DBMS_LOCK user lock id from the database, schema and
// table names, so different schemas and tables migrate independently.
func lockID(dbName, schema, table string) (int64, error) {
	s, err := database.GenerateAdvisoryLockId(dbName, schema, table)
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("oramigrate: advisory lock id %q: %w", s, err)
	}
	return lockIDBase + int64(n%lockIDSize), nil
}
