package plsqlcheck

// DBMS_ASSERT, read from a verbatim transcription of the 19c reference page
// (DBMS_ASSERT.html). Every function takes the string to check as str.
const docAssert19 = "https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_ASSERT.html"

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_ASSERT", Name: "ENQUOTE_LITERAL", Params: params("str"), Source: docAssert19},
		OraSub{Package: "DBMS_ASSERT", Name: "ENQUOTE_NAME", Params: params("str, capitalize?"), Source: docAssert19},
		OraSub{Package: "DBMS_ASSERT", Name: "NOOP", Params: params("str"), Source: docAssert19},
		OraSub{Package: "DBMS_ASSERT", Name: "QUALIFIED_SQL_NAME", Params: params("str"), Source: docAssert19},
		OraSub{Package: "DBMS_ASSERT", Name: "SCHEMA_NAME", Params: params("str"), Source: docAssert19},
		OraSub{Package: "DBMS_ASSERT", Name: "SIMPLE_SQL_NAME", Params: params("str"), Source: docAssert19},
		OraSub{Package: "DBMS_ASSERT", Name: "SQL_OBJECT_NAME", Params: params("str"), Source: docAssert19},
	)
}
