// Package sqlfiles embeds the SQL sources of agentmem (versioned migrations
// and PL/SQL packages) so the agentmem binary needs no files on disk.
package sqlfiles

import "embed"

// FS holds migrations/ and packages/.
//
//go:embed migrations/*.sql packages/*.pks packages/*.pkb
var FS embed.FS

// Directories inside FS.
const (
	MigrationsDir = "migrations"
	PackagesDir   = "packages"
)
