package dbconn

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// upperRows is a one-query driver answering with Oracle's habit: unquoted
// column names in upper case.
type upperRows struct{}

func (upperRows) Connect(context.Context) (driver.Conn, error) { return upperConn{}, nil }
func (upperRows) Driver() driver.Driver                        { return nil }

type upperConn struct{}

func (upperConn) Prepare(string) (driver.Stmt, error) { return upperStmt{}, nil }
func (upperConn) Close() error                        { return nil }
func (upperConn) Begin() (driver.Tx, error)           { return nil, errors.New("no transactions") }

type upperStmt struct{}

func (upperStmt) Close() error                               { return nil }
func (upperStmt) NumInput() int                              { return -1 }
func (upperStmt) Exec([]driver.Value) (driver.Result, error) { return nil, errors.New("no exec") }
func (upperStmt) Query([]driver.Value) (driver.Rows, error) {
	return &rowsOf{cols: []string{"PRODUCT", "VERSION_FULL"}, data: [][]driver.Value{
		{"Oracle AI Database 26ai Free", "23.26.0.0.0"}, {"TNS for Linux", "23.26.0.0.0"},
	}}, nil
}

type rowsOf struct {
	cols []string
	data [][]driver.Value
}

func (r *rowsOf) Columns() []string { return r.cols }
func (r *rowsOf) Close() error      { return nil }
func (r *rowsOf) Next(dest []driver.Value) error {
	if len(r.data) == 0 {
		return io.EOF
	}
	copy(dest, r.data[0])
	r.data = r.data[1:]
	return nil
}

// Lower-case db tags match Oracle's upper-case column names.
func TestSqlxMapsUpperCaseColumns(t *testing.T) {
	db := sql.OpenDB(upperRows{})
	defer db.Close()
	var got []struct {
		Product     string `db:"product"`
		VersionFull string `db:"version_full"`
	}
	require.NoError(t, Sqlx(db).SelectContext(t.Context(), &got, "select product, version_full from product_component_version"))
	require.Len(t, got, 2)
	assert.Equal(t, "Oracle AI Database 26ai Free", got[0].Product)
	assert.Equal(t, "23.26.0.0.0", got[0].VersionFull)
}
