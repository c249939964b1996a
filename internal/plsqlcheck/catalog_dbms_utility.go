package plsqlcheck

// DBMS_UTILITY, read from a verbatim transcription of the 19c reference page
// (DBMS_UTILITY.html).
const docUtility19 = "https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_UTILITY.html"

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_UTILITY", Name: "FORMAT_ERROR_BACKTRACE", Source: docUtility19},
		OraSub{Package: "DBMS_UTILITY", Name: "FORMAT_ERROR_STACK", Source: docUtility19},
		OraSub{Package: "DBMS_UTILITY", Name: "COMPILE_SCHEMA", Params: params("schema, compile_all?, reuse_settings?"), Source: docUtility19},
	)
}
