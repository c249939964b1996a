package plsqlcheck

// DBMS_SQL, read from a verbatim transcription of the 19c reference page
// (DBMS_SQL.html) and, for PARSE, the 9i page that documents its classic
// three-argument form.
const (
	docSQL19    = "https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_SQL.html"
	docSQLParse = "https://docs.oracle.com/cd/A91202_01/901_doc/appdev.901/a89852/dbms_sq3.htm"
	// Switching between DBMS_SQL and native dynamic SQL (TO_REFCURSOR, TO_CURSOR_NUMBER).
	docSQLSwitch = "https://docs.oracle.com/en/database/oracle/oracle-database/26/lnpls/dbms_sql-package.html"
)

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_SQL", Name: "OPEN_CURSOR", Params: params("treat_as_client_for_results?"), Source: docSQL19},
		OraSub{Package: "DBMS_SQL", Name: "OPEN_CURSOR", Params: params("security_level, treat_as_client_for_results?"), Source: docSQL19},
		OraSub{Package: "DBMS_SQL", Name: "PARSE", Params: params("c, statement, language_flag"), Source: docSQLParse},
		OraSub{Package: "DBMS_SQL", Name: "PARSE",
			Params: params("c, statement, language_flag, edition?, apply_crossedition_trigger?, fire_apply_trigger?, schema?, container?"),
			Source: docSQL19, Unverified: true,
			Note: "the optional edition/crossedition/schema/container parameters of 11g+ are from memory; the 19c section was not in the stored transcription"},
		OraSub{Package: "DBMS_SQL", Name: "PARSE",
			Params: params("c, statement, lb, ub, lfflg, language_flag"), Source: docSQLParse, Unverified: true,
			Note: "the VARCHAR2S (table) form is announced on the 9i page; its parameter list is from memory"},
		OraSub{Package: "DBMS_SQL", Name: "BIND_VARIABLE", Params: params("c, name, value"), Source: docSQL19, Unverified: true,
			Note: "the stored transcription of the BIND_VARIABLE section has no syntax box; names from long-standing usage"},
		OraSub{Package: "DBMS_SQL", Name: "BIND_VARIABLE", Params: params("c, name, value, out_value_size?"), Source: docSQL19, Unverified: true,
			Note: "VARCHAR2/RAW form with out_value_size, from memory"},
		OraSub{Package: "DBMS_SQL", Name: "EXECUTE", Params: params("c"), Source: docSQL19},
		OraSub{Package: "DBMS_SQL", Name: "TO_REFCURSOR", Params: params("cursor_number"), Source: docSQL19,
			Note: "named on the 26ai PL/SQL guide's DBMS_SQL page (" + docSQLSwitch + "); IN OUT cursor number, returns SYS_REFCURSOR; after it the cursor number is no longer valid"},
		OraSub{Package: "DBMS_SQL", Name: "CLOSE_CURSOR", Params: params("c"), Source: docSQL19},
		OraSub{Package: "DBMS_SQL", Name: "RETURN_RESULT", Params: params("rc, to_client?"), Source: docSQL19},
	)
}
