package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// unreachable is a database/sql connector whose every connection fails, so
// every doctor check runs and becomes "could not check".
type unreachable struct{}

func (unreachable) Connect(context.Context) (driver.Conn, error) {
	return nil, errors.New("no database")
}
func (unreachable) Driver() driver.Driver { return unreachableDriver{} }

type unreachableDriver struct{}

func (unreachableDriver) Open(string) (driver.Conn, error) { return nil, errors.New("no database") }

// doctor tells on stderr (through step) which check it starts, one line per
// check, before the findings are printed.
func TestDoctorReportsProgress(t *testing.T) {
	db := sql.OpenDB(unreachable{})
	defer db.Close()
	var steps []string
	findings := diagnose(t.Context(), db, "SCHEMA_MIGRATIONS", defaultIdentities, func(s string) { steps = append(steps, s) })
	assert.Equal(t, []string{
		"checking session ...", "checking release ...", "checking privileges ...", "checking migration lock ...",
		"checking the chunker ...", "checking oracle text ...", "checking packages ...", "checking store jobs ...",
		"checking security ...", "checking migrations ...",
	}, steps)
	assert.NotEmpty(t, findings)
}
