package plsqlcheck

// DBMS_HYBRID_VECTOR (23.6+). The SEARCH page shows a single JSON argument
// passed positionally; its formal name qparams is the one printed in the
// SEARCHPIPELINE signature on the same guide.
const (
	docHybridSearch   = "https://docs.oracle.com/en/database/oracle/oracle-database/23/arpls/dbms_hybrid_vector1.html"
	docHybridPipeline = "https://docs.oracle.com/en/database/oracle/oracle-database/26/vecse/searchpipeline.html"
	docHybridGetSQL   = "https://docs.oracle.com/en/database/oracle/oracle-database/23/vecse/get_sql.html"
)

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_HYBRID_VECTOR", Name: "SEARCH", Params: params("qparams"), Source: docHybridSearch,
			Note: "formal name taken from SEARCHPIPELINE(qparams JSON) and the shared reference §5.3; call it positionally to be safe"},
		OraSub{Package: "DBMS_HYBRID_VECTOR", Name: "SEARCHPIPELINE", Params: params("qparams"), Source: docHybridPipeline},
		OraSub{Package: "DBMS_HYBRID_VECTOR", Name: "GET_SQL", Params: params("qparams"), Source: docHybridGetSQL, Unverified: true,
			Note: "the page shows only a positional call; the formal name is assumed to match SEARCH"},
	)
}
