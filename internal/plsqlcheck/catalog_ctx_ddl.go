package plsqlcheck

// CTX_DDL (Oracle Text), read from the Text Reference pages of 26ai (and 9i
// for OPTIMIZE_INDEX, whose 26ai syntax box was cut off in the stored copy).
const (
	docCtxSync      = "https://docs.oracle.com/en/database/oracle/oracle-database/26/ccref/sync_index.html"
	docCtxOptimize  = "https://docs.oracle.com/en/database/oracle/oracle-database/26/ccref/optimize_index.html"
	docCtxOpt9i     = "https://docs.oracle.com/cd/A91202_01/901_doc/text.901/a90121/cddlpk20.htm"
	docCtxPref      = "https://docs.oracle.com/en/database/oracle/oracle-database/26/ccref/create_preference.html"
	docCtxSetAttr   = "https://docs.oracle.com/en/database/oracle/oracle-database/26/ccref/set_attribute.html"
	docCtxStoplist  = "https://docs.oracle.com/en/database/oracle/oracle-database/26/ccref/create_stoplist.html"
	docCtxDropPref8 = "https://docs.oracle.com/cd/A97336_01/dev.102/a86030/adx05t17.htm"
)

func init() {
	catalogAdd(
		OraSub{Package: "CTX_DDL", Name: "SYNC_INDEX", Params: params("idx_name?, memory?, part_name?, parallel_degree?, maxtime?, locking?"), Source: docCtxSync,
			Note: "SYNC_INDEX commits implicitly"},
		OraSub{Package: "CTX_DDL", Name: "OPTIMIZE_INDEX", Params: params("idx_name, optlevel, maxtime?, token?, part_name?"), Source: docCtxOpt9i},
		OraSub{Package: "CTX_DDL", Name: "OPTIMIZE_INDEX", Params: params("idx_name, optlevel, maxtime?, token?, part_name?, token_type?, parallel_degree?, memory?"),
			Source: docCtxOptimize, Unverified: true,
			Note: "token_type, parallel_degree and memory (10g+) are from memory; the 26ai syntax box was cut off in the stored copy"},
		OraSub{Package: "CTX_DDL", Name: "CREATE_PREFERENCE", Params: params("preference_name, object_name"), Source: docCtxPref},
		OraSub{Package: "CTX_DDL", Name: "SET_ATTRIBUTE", Params: params("preference_name, attribute_name, attribute_value"), Source: docCtxSetAttr},
		OraSub{Package: "CTX_DDL", Name: "DROP_PREFERENCE", Params: params("preference_name"), Source: docCtxDropPref8,
			Note: "read in an Oracle8i guide's example (CTX_DDL.Drop_Preference(preference_name => ...)); the 26ai page was not reached"},
		OraSub{Package: "CTX_DDL", Name: "CREATE_STOPLIST", Params: params("stoplist_name, stoplist_type?"), Source: docCtxStoplist},
	)
}
