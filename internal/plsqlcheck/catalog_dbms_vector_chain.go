package plsqlcheck

// DBMS_VECTOR_CHAIN (23ai), read from the AI Vector Search guide's
// per-subprogram pages (26ai copies where the 23ai page was not stored; the
// signatures are the same in both releases per the shared reference).
const (
	docChainChunks = "https://docs.oracle.com/en/database/oracle/oracle-database/23/vecse/utl_to_chunks-dbms_vector_chain.html"
	docChainPref   = "https://docs.oracle.com/en/database/oracle/oracle-database/26/vecse/create_preference.html"
	docChainList   = "https://docs.oracle.com/en/database/oracle/oracle-database/23/vecse/dbms_vector_chain-vecse.html"
)

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_VECTOR_CHAIN", Name: "UTL_TO_EMBEDDING", Params: params("data, params?"), Source: docVecEmbedCh},
		OraSub{Package: "DBMS_VECTOR_CHAIN", Name: "UTL_TO_EMBEDDING", Params: params("data, modality, params?"), Source: docVecEmbedCh},
		OraSub{Package: "DBMS_VECTOR_CHAIN", Name: "UTL_TO_EMBEDDINGS", Params: params("data, params?"), Source: docVecEmbedCh},
		OraSub{Package: "DBMS_VECTOR_CHAIN", Name: "UTL_TO_CHUNKS", Params: params("data, params?"), Source: docChainChunks,
			Note: "syntax read on the DBMS_VECTOR twin page (" + docVecChunks + "); the shared reference §4.1 gives the same signature for DBMS_VECTOR_CHAIN"},
		OraSub{Package: "DBMS_VECTOR_CHAIN", Name: "CREATE_PREFERENCE", Params: params("pref_name, pref_type, params?"), Source: docChainPref},
		OraSub{Package: "DBMS_VECTOR_CHAIN", Name: "DROP_PREFERENCE", Params: params("pref_name"), Source: docChainList, Unverified: true,
			Note: "listed on the package page, but its own page was not reached; parameter name from the shared reference §5.1 (DROP_PREFERENCE(pref_name))"},
	)
}
