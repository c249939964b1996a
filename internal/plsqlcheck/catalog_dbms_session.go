package plsqlcheck

// DBMS_SESSION, read from a verbatim transcription of the 19c reference page
// (DBMS_SESSION.html).
const docSession19 = "https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_SESSION.html"

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_SESSION", Name: "SET_CONTEXT", Params: params("namespace, attribute, value, username?, client_id?"),
			Source: docSession19,
			Note:   "the syntax box shows no DEFAULT for username/client_id, but the page's own examples call it with three arguments"},
		OraSub{Package: "DBMS_SESSION", Name: "CLEAR_CONTEXT", Params: params("namespace, client_identifier?, attribute?"),
			Source: docSession19,
			Note:   "the syntax box shows no DEFAULTs; client_identifier and attribute are optional per the parameter descriptions"},
		OraSub{Package: "DBMS_SESSION", Name: "CLEAR_ALL_CONTEXT", Params: params("namespace"), Source: docSession19},
		OraSub{Package: "DBMS_SESSION", Name: "SET_IDENTIFIER", Params: params("client_id"), Source: docSession19},
		OraSub{Package: "DBMS_SESSION", Name: "SLEEP", Params: params("seconds"), Source: docSession19, Unverified: true,
			Note: "not in the stored transcription; read in oracle-base.com/articles/18c/dbms_session-sleep-18c: SLEEP(seconds) " +
				"added in 18c (replaces DBMS_LOCK.SLEEP, no grant needed), hundredths of a second, ORA-38148 above 3600"},
		OraSub{Package: "DBMS_SESSION", Name: "CLEAR_IDENTIFIER", Source: docSession19, Unverified: true,
			Note: "no parameters; the section was not in the stored transcription"},
	)
}
