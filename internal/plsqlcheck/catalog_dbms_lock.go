package plsqlcheck

// DBMS_LOCK. REQUEST and RELEASE read from a verbatim transcription of the
// 19c reference page; REQUEST and RELEASE take either id or lockhandle, so
// each has two overloads.
const (
	docLock19 = "https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_LOCK.html"
	docLock9i = "https://docs.oracle.com/cd/A91202_01/901_doc/appdev.901/a89852/dbms_l2a.htm"
)

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_LOCK", Name: "REQUEST", Params: params("id, lockmode?, timeout?, release_on_commit?"), Source: docLock19},
		OraSub{Package: "DBMS_LOCK", Name: "REQUEST", Params: params("lockhandle, lockmode?, timeout?, release_on_commit?"), Source: docLock19},
		OraSub{Package: "DBMS_LOCK", Name: "RELEASE", Params: params("id"), Source: docLock19},
		OraSub{Package: "DBMS_LOCK", Name: "RELEASE", Params: params("lockhandle"), Source: docLock19},
		OraSub{Package: "DBMS_LOCK", Name: "ALLOCATE_UNIQUE", Params: params("lockname, lockhandle, expiration_secs?"), Source: docLock9i,
			Unverified: true, Note: "the Oracle page was found but its syntax box not read; signature from O'Reilly's copy. It COMMITs."},
		OraSub{Package: "DBMS_LOCK", Name: "SLEEP", Params: params("seconds"), Source: docLock19, Unverified: true,
			Note: "from third-party copies; DBMS_SESSION.SLEEP is the 18c+ replacement"},
	)
}
