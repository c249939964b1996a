package dbconn

import (
	"database/sql"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/jmoiron/sqlx/reflectx"
)

// Sqlx wraps db for reading rows into structs (Get, Select) with `db` tags
// written in lower case: Oracle reports unquoted column names in upper case,
// so tags and field names are upper-cased before they are matched
// (go-ecosystem.md §3: reflectx.NewMapperTagFunc with strings.ToUpper).
// Use it for SELECTs only; PL/SQL blocks keep database/sql with sql.Named
// binds (sqlx's named queries misread ':=' and colons in literals). The
// driver name only selects sqlx's bind style: "godror" gives Oracle's
// :name binds, which go-ora uses as well, so it serves a go-ora pool too
// (sqlx's list of names does not include go-ora's "oracle").
func Sqlx(db *sql.DB) *sqlx.DB {
	x := sqlx.NewDb(db, "godror")
	x.Mapper = reflectx.NewMapperTagFunc("db", strings.ToUpper, strings.ToUpper)
	return x
}
