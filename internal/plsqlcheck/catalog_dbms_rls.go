package plsqlcheck

// DBMS_RLS. DROP_POLICY and ENABLE_POLICY read from a verbatim transcription
// of the 19c reference page (where "IN VARCHAR2 NULL" means DEFAULT NULL);
// ADD_POLICY from the 9i page (first eight parameters) plus the 12.2 page,
// whose example passes namespace and attribute.
const (
	docRLS19  = "https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_RLS.html"
	docRLS9i  = "https://docs.oracle.com/cd/A91202_01/901_doc/appdev.901/a89852/dbms_rl2.htm"
	docRLS122 = "https://docs.oracle.com/database/122/ARPLS/DBMS_RLS.htm"
)

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_RLS", Name: "ADD_POLICY",
			Params: params("object_schema?, object_name, policy_name, function_schema?, policy_function, statement_types?, update_check?, enable?, static_policy?, policy_type?, long_predicate?, sec_relevant_cols?, sec_relevant_cols_opt?, namespace?, attribute?"),
			Source: docRLS9i, Unverified: true,
			Note: "first eight parameters read on the 9i page; static_policy .. attribute from the 12.2 page's example, O'Reilly and the shared reference"},
		OraSub{Package: "DBMS_RLS", Name: "DROP_POLICY", Params: params("object_schema?, object_name, policy_name"), Source: docRLS19},
		OraSub{Package: "DBMS_RLS", Name: "ENABLE_POLICY", Params: params("object_schema?, object_name, policy_name, enable?"), Source: docRLS19},
	)
}
