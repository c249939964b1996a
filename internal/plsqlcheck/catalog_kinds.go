package plsqlcheck

import "strings"

// Whether each cataloged Oracle subprogram is a PROCEDURE or a FUNCTION, for
// rule CALL-KIND (PLS-00221: a function called as a statement; PLS-00222 /
// PLS-00223: a procedure used as a value). Kept apart from the signatures so
// that the catalog_<package>.go tables stay as transcribed. The kind is the
// keyword of the syntax box on the page each entry's Source names; where the
// overloads of one name differ in kind (the JSON types' GET_CLOB/TO_CLOB with
// and without the IN OUT LOB argument), the key carries the parameter list.
// TestCatalogKinds fails when a catalog entry has no kind here.
var oraKinds = map[string]string{}

func init() {
	add := func(kind string, keys ...string) {
		for _, k := range keys {
			oraKinds[k] = kind
		}
	}
	add("PROCEDURE",
		"CTX_DDL.CREATE_PREFERENCE", "CTX_DDL.CREATE_STOPLIST", "CTX_DDL.DROP_PREFERENCE",
		"CTX_DDL.OPTIMIZE_INDEX", "CTX_DDL.SET_ATTRIBUTE", "CTX_DDL.SYNC_INDEX",
		"DBMS_APPLICATION_INFO.SET_ACTION", "DBMS_APPLICATION_INFO.SET_CLIENT_INFO", "DBMS_APPLICATION_INFO.SET_MODULE",
		"DBMS_LOB.APPEND", "DBMS_LOB.COPY", "DBMS_LOB.CREATETEMPORARY", "DBMS_LOB.FREETEMPORARY",
		"DBMS_LOB.TRIM", "DBMS_LOB.WRITEAPPEND",
		"DBMS_LOCK.ALLOCATE_UNIQUE", "DBMS_LOCK.SLEEP",
		"DBMS_RLS.ADD_POLICY", "DBMS_RLS.DROP_POLICY", "DBMS_RLS.ENABLE_POLICY",
		"DBMS_SCHEDULER.CREATE_JOB", "DBMS_SCHEDULER.DISABLE", "DBMS_SCHEDULER.DROP_JOB", "DBMS_SCHEDULER.ENABLE",
		"DBMS_SCHEDULER.RUN_JOB", "DBMS_SCHEDULER.SET_ATTRIBUTE", "DBMS_SCHEDULER.STOP_JOB",
		"DBMS_SCHEDULER.CREATE_PROGRAM", "DBMS_SCHEDULER.DEFINE_PROGRAM_ARGUMENT", "DBMS_SCHEDULER.DROP_PROGRAM",
		"DBMS_SCHEDULER.SET_JOB_ARGUMENT_VALUE",
		"DBMS_SESSION.CLEAR_ALL_CONTEXT", "DBMS_SESSION.CLEAR_CONTEXT", "DBMS_SESSION.CLEAR_IDENTIFIER",
		"DBMS_SESSION.SET_CONTEXT", "DBMS_SESSION.SET_IDENTIFIER",
		"DBMS_SQL.BIND_VARIABLE", "DBMS_SQL.CLOSE_CURSOR", "DBMS_SQL.PARSE", "DBMS_SQL.RETURN_RESULT",
		"DBMS_UTILITY.COMPILE_SCHEMA",
		"DBMS_VECTOR.CREATE_INDEX", "DBMS_VECTOR.DROP_ONNX_MODEL", "DBMS_VECTOR.LOAD_ONNX_MODEL",
		"DBMS_VECTOR_CHAIN.CREATE_PREFERENCE", "DBMS_VECTOR_CHAIN.DROP_PREFERENCE",
	)
	add("FUNCTION",
		"DBMS_ASSERT.ENQUOTE_LITERAL", "DBMS_ASSERT.ENQUOTE_NAME", "DBMS_ASSERT.NOOP", "DBMS_ASSERT.QUALIFIED_SQL_NAME",
		"DBMS_ASSERT.SCHEMA_NAME", "DBMS_ASSERT.SIMPLE_SQL_NAME", "DBMS_ASSERT.SQL_OBJECT_NAME",
		"DBMS_HYBRID_VECTOR.GET_SQL", "DBMS_HYBRID_VECTOR.SEARCH", "DBMS_HYBRID_VECTOR.SEARCHPIPELINE",
		"DBMS_LOB.COMPARE", "DBMS_LOB.GETLENGTH", "DBMS_LOB.INSTR", "DBMS_LOB.SUBSTR",
		"DBMS_LOCK.RELEASE", "DBMS_LOCK.REQUEST",
		"DBMS_SQL.EXECUTE", "DBMS_SQL.OPEN_CURSOR", "DBMS_SQL.TO_REFCURSOR",
		"DBMS_UTILITY.GET_HASH_VALUE", "DBMS_UTILITY.FORMAT_ERROR_BACKTRACE", "DBMS_UTILITY.FORMAT_ERROR_STACK",
		"DBMS_VECTOR.UTL_TO_CHUNKS", "DBMS_VECTOR.UTL_TO_EMBEDDING", "DBMS_VECTOR.UTL_TO_EMBEDDINGS",
		"DBMS_VECTOR_CHAIN.UTL_TO_CHUNKS", "DBMS_VECTOR_CHAIN.UTL_TO_EMBEDDING", "DBMS_VECTOR_CHAIN.UTL_TO_EMBEDDINGS",
	)
	for _, typ := range []string{"JSON_OBJECT_T", "JSON_ARRAY_T"} {
		add("FUNCTION", typ+".PARSE", typ+".TO_STRING", typ+".TO_NUMBER", typ+".TO_DATE", typ+".TO_TIMESTAMP",
			typ+".TO_BOOLEAN", typ+".TO_CLOB()", typ+".TO_BLOB()", typ+".STRINGIFY", typ+".GET_SIZE", typ+".CLONE",
			typ+".IS_OBJECT", typ+".IS_ARRAY", typ+".IS_SCALAR", typ+".IS_STRING", typ+".IS_NUMBER", typ+".IS_BOOLEAN",
			typ+".IS_TRUE", typ+".IS_FALSE", typ+".IS_NULL", typ+".IS_DATE", typ+".IS_TIMESTAMP",
			typ+".GET", typ+".GET_STRING", typ+".GET_NUMBER", typ+".GET_DATE", typ+".GET_TIMESTAMP", typ+".GET_BOOLEAN",
			typ+".GET_TYPE")
		// The forms with a LOB argument fill that LOB: procedures.
		add("PROCEDURE", typ+".TO_CLOB(C)", typ+".TO_BLOB(C)", typ+".PUT", typ+".PUT_NULL", typ+".REMOVE")
	}
	add("FUNCTION", "JSON_OBJECT_T.GET_CLOB(KEY)", "JSON_OBJECT_T.GET_BLOB(KEY)", "JSON_OBJECT_T.GET_OBJECT",
		"JSON_OBJECT_T.GET_ARRAY", "JSON_OBJECT_T.GET_KEYS", "JSON_OBJECT_T.HAS",
		"JSON_ARRAY_T.GET_CLOB(POS)", "JSON_ARRAY_T.GET_BLOB(POS)")
	add("PROCEDURE", "JSON_OBJECT_T.GET_CLOB(KEY,C)", "JSON_OBJECT_T.GET_BLOB(KEY,C)", "JSON_OBJECT_T.RENAME_KEY",
		"JSON_ARRAY_T.GET_CLOB(POS,C)", "JSON_ARRAY_T.GET_BLOB(POS,C)", "JSON_ARRAY_T.APPEND", "JSON_ARRAY_T.APPEND_NULL")
}

// oraKind returns "PROCEDURE" or "FUNCTION" for a catalog entry, or "" when
// the kinds table does not know it (CALL-KIND then says nothing).
func oraKind(s OraSub) string {
	names := make([]string, len(s.Params))
	for i, p := range s.Params {
		names[i] = p.Name
	}
	if k, ok := oraKinds[s.Package+"."+s.Name+"("+strings.Join(names, ",")+")"]; ok {
		return k
	}
	return oraKinds[s.Package+"."+s.Name]
}
