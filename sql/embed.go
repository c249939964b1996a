// Package sqlfiles embeds the SQL sources of agentmem (versioned migrations,
// PL/SQL packages and the scheduler side) so the agentmem binary needs no
// files on disk.
package sqlfiles

import "embed"

// FS holds migrations/, packages/ and scheduler/.
//
//go:embed migrations/*.sql packages/*.pks packages/*.pkb scheduler/*.pks scheduler/*.pkb
var FS embed.FS

// Directories inside FS.
const (
	MigrationsDir = "migrations"
	PackagesDir   = "packages"
	SchedulerDir  = "scheduler" // the database's own jobs: AGENTMEM_JOBS, AGENTMEM_PURGE, AGENTMEM_JOB_INFO
)

// InstallDirs are the directories whose packages the installer compiles,
// ordered together (a scheduler package references packages/ specs and
// the other way round).
var InstallDirs = []string{PackagesDir, SchedulerDir}
