package plsqlcheck

// DBMS_UTILITY, read from a verbatim transcription of the 19c reference page
// (DBMS_UTILITY.html).
const (
	docUtility19 = "https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_UTILITY.html"
	docUtility9i = "https://docs.oracle.com/cd/A91202_01/901_doc/appdev.901/a89852/dbms_u19.htm"
	// DB_VERSION(version OUT VARCHAR2, compatibility OUT VARCHAR2): the release
	// and the COMPATIBLE setting (9i page, unchanged since).
	docUtilityDBVersion = "https://docs.oracle.com/cd/A91202_01/901_doc/appdev.901/a89852/dbms_u15.htm"
)

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_UTILITY", Name: "FORMAT_ERROR_BACKTRACE", Source: docUtility19},
		OraSub{Package: "DBMS_UTILITY", Name: "FORMAT_ERROR_STACK", Source: docUtility19},
		// GET_HASH_VALUE(name VARCHAR2, base NUMBER, hash_size NUMBER) RETURN NUMBER:
		// a value in base .. base + hash_size - 1 (9i page, unchanged since).
		OraSub{Package: "DBMS_UTILITY", Name: "GET_HASH_VALUE", Params: params("name, base, hash_size"), Source: docUtility9i},
		OraSub{Package: "DBMS_UTILITY", Name: "DB_VERSION", Params: params("version, compatibility"), Source: docUtilityDBVersion},
		OraSub{Package: "DBMS_UTILITY", Name: "COMPILE_SCHEMA", Params: params("schema, compile_all?, reuse_settings?"), Source: docUtility19},
		// DB_VERSION(version OUT VARCHAR2, compatibility OUT VARCHAR2): the
		// release and the COMPATIBLE setting, callable by any user (the
		// security capabilities report reads COMPATIBLE this way).
		OraSub{Package: "DBMS_UTILITY", Name: "DB_VERSION", Params: params("version, compatibility"), Source: docUtility19},
	)
}
