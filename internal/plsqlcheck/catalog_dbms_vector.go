package plsqlcheck

// DBMS_VECTOR (23ai), read from the AI Vector Search guide's per-subprogram
// pages. The project's baseline is 23.4, so where 26ai added defaults
// (LOAD_ONNX_MODEL's metadata) the stricter 23ai signature is cataloged.
const (
	docVecEmbed   = "https://docs.oracle.com/en/database/oracle/oracle-database/23/vecse/utl_to_embedding-and-utl_to_embeddings-dbms_vector.html"
	docVecEmbedCh = "https://docs.oracle.com/cd/G11854_01/vecse/utl_to_embedding-and-utl_to_embeddings-dbms_vector_chain.html"
	docVecChunks  = "https://docs.oracle.com/cd/G11854_01/vecse/utl_to_chunks-dbms_vector.html"
	docVecLoad    = "https://docs.oracle.com/en/database/oracle/oracle-database/23/vecse/load_onnx_model-procedure.html"
	docVecDrop    = "https://docs.oracle.com/en/database/oracle/oracle-database/23/vecse/drop_onnx_model-procedure-dbms_vector.html"
	docVecIndex   = "https://docs.oracle.com/en/database/oracle/oracle-database/23/vecse/create_index.html"
)

func init() {
	embedNote := "the DBMS_VECTOR page's syntax box was cut off in the stored copy; the DBMS_VECTOR_CHAIN twin (" + docVecEmbedCh + ") and the shared reference §3.3 give these names and state the signatures are identical"
	catalogAdd(
		OraSub{Package: "DBMS_VECTOR", Name: "UTL_TO_EMBEDDING", Params: params("data, params?"), Source: docVecEmbed, Note: embedNote},
		OraSub{Package: "DBMS_VECTOR", Name: "UTL_TO_EMBEDDING", Params: params("data, modality, params?"), Source: docVecEmbed, Note: embedNote},
		OraSub{Package: "DBMS_VECTOR", Name: "UTL_TO_EMBEDDINGS", Params: params("data, params?"), Source: docVecEmbed, Note: embedNote},
		OraSub{Package: "DBMS_VECTOR", Name: "UTL_TO_CHUNKS", Params: params("data, params?"), Source: docVecChunks},
		OraSub{Package: "DBMS_VECTOR", Name: "LOAD_ONNX_MODEL", Params: params("directory, file_name, model_name, metadata"), Source: docVecLoad},
		OraSub{Package: "DBMS_VECTOR", Name: "LOAD_ONNX_MODEL", Params: params("model_name, model_data, metadata"), Source: docVecLoad},
		OraSub{Package: "DBMS_VECTOR", Name: "DROP_ONNX_MODEL", Params: params("model_name, force?"), Source: docVecDrop},
		// idx_organization and idx_parameters have no DEFAULT in the syntax box.
		OraSub{Package: "DBMS_VECTOR", Name: "CREATE_INDEX",
			Params: params("idx_name, table_name, idx_vector_col, idx_include_cols?, idx_partitioning_scheme?, idx_organization, idx_distance_metric?, idx_accuracy?, idx_parameters, idx_parallel_creation?"),
			Source: docVecIndex},
	)
}
