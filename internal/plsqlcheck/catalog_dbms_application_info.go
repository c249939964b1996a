package plsqlcheck

// DBMS_APPLICATION_INFO, read from a verbatim transcription of the 19c
// reference page (DBMS_APPLICATION_INFO.html). No parameter has a default:
// pass NULL explicitly.
const docAppInfo19 = "https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_APPLICATION_INFO.html"

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_APPLICATION_INFO", Name: "SET_MODULE", Params: params("module_name, action_name"), Source: docAppInfo19},
		OraSub{Package: "DBMS_APPLICATION_INFO", Name: "SET_ACTION", Params: params("action_name"), Source: docAppInfo19},
		OraSub{Package: "DBMS_APPLICATION_INFO", Name: "SET_CLIENT_INFO", Params: params("client_info"), Source: docAppInfo19},
	)
}
