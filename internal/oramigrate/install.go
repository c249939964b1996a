package oramigrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	sqlfiles "github.com/agentmem/agentmem/sql"
)

// InstallPackages (re)installs the PL/SQL packages built into the binary
// (sqlfiles.FS, directories packages/ and scheduler/, ordered together),
// then the shared scheduler programs (InstallJobs) and the end-user
// application context (InstallEndUserContext). It is repeatable: run it
// after every migration, as `agentmem migrate up` does.
func InstallPackages(ctx context.Context, db *sql.DB, logf func(string)) error {
	if err := InstallDirs(ctx, db, sqlfiles.FS, sqlfiles.InstallDirs, logf); err != nil {
		return err
	}
	if err := InstallJobs(ctx, db, logf); err != nil {
		return err
	}
	return InstallEndUserContext(ctx, db, logf)
}

// InstallDir installs every .pks then every .pkb of dir in fsys, in the
// order of InstallOrderDir, each with CREATE OR REPLACE, and stops at the
// first unit that does not compile, with its ALL_ERRORS rows. Then it checks
// that every installed object is VALID: an object invalidated by a later
// step is recompiled once (ALTER PACKAGE ... COMPILE [BODY], which touches
// only that object), and one still INVALID fails the install with its
// compile errors. logf gets one line per file; nil is silent.
//
// Two installs must not run at the same time on one schema: they would
// invalidate each other's packages. The migration lock is not taken here so
// that installing test packages needs no DBMS_LOCK privilege.
func InstallDir(ctx context.Context, db *sql.DB, fsys fs.FS, dir string, logf func(string)) error {
	return InstallDirs(ctx, db, fsys, []string{dir}, logf)
}

// InstallDirs is InstallDir for the packages of several directories,
// ordered together.
func InstallDirs(ctx context.Context, db *sql.DB, fsys fs.FS, dirs []string, logf func(string)) error {
	if logf == nil {
		logf = func(string) {}
	}
	files, err := orderedPackageFiles(fsys, dirs...)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("oramigrate: no .pks or .pkb file in %q: nothing to install", strings.Join(dirs, `", "`))
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("oramigrate: opening a session: %w", err)
	}
	defer conn.Close()
	for _, f := range files {
		start := time.Now()
		if err := execUnit(ctx, conn, f.Unit, 0); err != nil {
			logf(fmt.Sprintf("installing %s ... FAILED (%s)", f.Path, elapsed(start)))
			return fmt.Errorf("%s: %w", f.Path, explainPrivilege(err))
		}
		logf(fmt.Sprintf("installing %s ... ok (%s)", f.Path, elapsed(start)))
	}
	return verifyInstalled(ctx, conn, files, logf)
}

// objectKey identifies a schema object by type and name.
type objectKey struct{ Type, Name string }

// verifyInstalled recompiles invalid objects once, then fails if any of
// files' objects is missing or still invalid.
func verifyInstalled(ctx context.Context, conn *sql.Conn, files []packageFile, logf func(string)) error {
	status, err := objectStatus(ctx, conn)
	if err != nil {
		return err
	}
	var invalid []packageFile
	for _, f := range files {
		switch status[objectKey{f.objectType(), f.Name}] {
		case "VALID":
		case "":
			return fmt.Errorf("oramigrate: %s %s is missing after installing %s", f.objectType(), f.Name, f.Path)
		default:
			invalid = append(invalid, f)
		}
	}
	if len(invalid) == 0 {
		return nil
	}
	for _, f := range invalid {
		logf(fmt.Sprintf("recompiling %s %s (it was invalidated by a later step)", f.objectType(), f.Name))
		if err := recompile(ctx, conn, f); err != nil {
			return err
		}
	}
	if status, err = objectStatus(ctx, conn); err != nil {
		return err
	}
	var failures []error
	for _, f := range invalid {
		if status[objectKey{f.objectType(), f.Name}] == "VALID" {
			continue
		}
		errs, err := compileErrors(ctx, conn, "", f.objectType(), f.Name, false)
		if err != nil {
			return err
		}
		failures = append(failures, fmt.Errorf("%s: %w", f.Path, &CompileFailure{Type: f.objectType(), Name: f.Name, Errors: errs}))
	}
	return errors.Join(failures...)
}

// objectStatusSQL lists the package objects of the current schema; the
// caller filters by name (binding a variable IN list is not possible).
const objectStatusSQL = `select object_type, object_name, status
  from all_objects
 where owner = sys_context('userenv', 'current_schema')
   and object_type in ('PACKAGE', 'PACKAGE BODY')`

func objectStatus(ctx context.Context, q querier) (map[objectKey]string, error) {
	rows, err := q.QueryContext(ctx, objectStatusSQL)
	if err != nil {
		return nil, fmt.Errorf("oramigrate: reading ALL_OBJECTS: %w", err)
	}
	defer rows.Close()
	out := map[objectKey]string{}
	for rows.Next() {
		var k objectKey
		var st string
		if err := rows.Scan(&k.Type, &k.Name, &st); err != nil {
			return nil, fmt.Errorf("oramigrate: reading ALL_OBJECTS: %w", err)
		}
		out[k] = st
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("oramigrate: reading ALL_OBJECTS: %w", err)
	}
	return out, nil
}

// Recompile statements. The package name is a bind checked by DBMS_ASSERT
// inside the block, the only way an identifier enters dynamic SQL here.
// ALTER PACKAGE ... COMPILE recompiles the spec and the body; ... COMPILE
// BODY only the body.
const (
	recompileSpecSQL = `begin execute immediate 'alter package ' || ` +
		`dbms_assert.enquote_name(dbms_assert.simple_sql_name(:name), false) || ' compile'; end;`
	recompileBodySQL = `begin execute immediate 'alter package ' || ` +
		`dbms_assert.enquote_name(dbms_assert.simple_sql_name(:name), false) || ' compile body'; end;`
)

// recompile recompiles one object. A compile failure is not an error here:
// the caller re-reads the status and reports ALL_ERRORS.
func recompile(ctx context.Context, conn *sql.Conn, f packageFile) error {
	stmt := recompileSpecSQL
	if f.Body {
		stmt = recompileBodySQL
	}
	_, err := conn.ExecContext(ctx, stmt, sql.Named("name", f.Name))
	if err != nil && !isCompileWarning(err) && !strings.Contains(err.Error(), "ORA-24344") {
		return fmt.Errorf("oramigrate: recompiling %s %s: %w", f.objectType(), f.Name, err)
	}
	return nil
}

// PackageState is an installed object of the embedded packages and its
// status in ALL_OBJECTS: VALID, INVALID, or MISSING when absent.
type PackageState struct {
	Type, Name, Status string
	Errors             []CompileError // for INVALID objects
}

// PackageStates reports, for every object of the embedded packages, whether
// it is installed and valid in the current schema, with compile errors for
// invalid ones. It changes nothing (doctor uses it).
func PackageStates(ctx context.Context, q querier) ([]PackageState, error) {
	files, err := orderedPackageFiles(sqlfiles.FS, sqlfiles.InstallDirs...)
	if err != nil {
		return nil, err
	}
	status, err := objectStatus(ctx, q)
	if err != nil {
		return nil, err
	}
	out := make([]PackageState, 0, len(files))
	for _, f := range files {
		st := PackageState{Type: f.objectType(), Name: f.Name, Status: status[objectKey{f.objectType(), f.Name}]}
		switch st.Status {
		case "":
			st.Status = "MISSING"
		case "VALID":
		default:
			if st.Errors, err = compileErrors(ctx, q, "", st.Type, st.Name, false); err != nil {
				return nil, err
			}
		}
		out = append(out, st)
	}
	return out, nil
}
