package plsqlcheck

// JSON_OBJECT_T and JSON_ARRAY_T, the PL/SQL object types for JSON. The
// reference chapter "JSON Data Structures" is one long page; the stored copy
// shows its JSON_ELEMENT_T part (parse and the to_* serializers), the rest is
// transcribed from the shared reference §7.4 and long-standing usage and
// marked Unverified. Methods are called on variables declared with the type
// (l_obj.get_string('k')); parse is static (json_object_t.parse(l_text)).
const docJSONTypes = "https://docs.oracle.com/cd/F19136_01/arpls/json-types.html"

// jsonMember is a member method; verified says whether its signature was
// read in the stored copy of the page.
func jsonMember(typ, name, spec string, verified bool) OraSub {
	s := OraSub{Package: typ, Name: name, Member: true, Params: params(spec), Source: docJSONTypes}
	if !verified {
		s.Unverified = true
		s.Note = "not in the stored part of the page; from the shared reference §7.4 and usage"
	}
	return s
}

func init() {
	for _, typ := range []string{"JSON_OBJECT_T", "JSON_ARRAY_T"} {
		catalogAdd(
			OraSub{Package: typ, Name: "PARSE", Params: params("json"), Source: docJSONTypes},
			// Inherited from JSON_ELEMENT_T: serializers (read) and predicates.
			jsonMember(typ, "TO_STRING", "", true),
			jsonMember(typ, "TO_NUMBER", "", true),
			jsonMember(typ, "TO_DATE", "", true),
			jsonMember(typ, "TO_TIMESTAMP", "", true),
			jsonMember(typ, "TO_BOOLEAN", "", true),
			jsonMember(typ, "TO_CLOB", "", true),
			jsonMember(typ, "TO_CLOB", "c", true),
			jsonMember(typ, "TO_BLOB", "", true),
			jsonMember(typ, "TO_BLOB", "c", true),
			jsonMember(typ, "STRINGIFY", "", false),
			jsonMember(typ, "GET_SIZE", "", false),
			jsonMember(typ, "CLONE", "", false),
			jsonMember(typ, "IS_OBJECT", "", false),
			jsonMember(typ, "IS_ARRAY", "", false),
			jsonMember(typ, "IS_SCALAR", "", false),
			jsonMember(typ, "IS_STRING", "", false),
			jsonMember(typ, "IS_NUMBER", "", false),
			jsonMember(typ, "IS_BOOLEAN", "", false),
			jsonMember(typ, "IS_TRUE", "", false),
			jsonMember(typ, "IS_FALSE", "", false),
			jsonMember(typ, "IS_NULL", "", false),
			jsonMember(typ, "IS_DATE", "", false),
			jsonMember(typ, "IS_TIMESTAMP", "", false),
		)
	}
	obj := func(name, spec string) OraSub { return jsonMember("JSON_OBJECT_T", name, spec, false) }
	catalogAdd(
		obj("GET", "key"), obj("GET_STRING", "key"), obj("GET_NUMBER", "key"), obj("GET_DATE", "key"),
		obj("GET_TIMESTAMP", "key"), obj("GET_BOOLEAN", "key"), obj("GET_CLOB", "key"), obj("GET_CLOB", "key, c"),
		obj("GET_BLOB", "key"), obj("GET_BLOB", "key, c"), obj("GET_OBJECT", "key"), obj("GET_ARRAY", "key"),
		obj("GET_TYPE", "key"), obj("GET_KEYS", ""), obj("HAS", "key"), obj("PUT", "key, value"),
		obj("PUT_NULL", "key"), obj("REMOVE", "key"), obj("RENAME_KEY", "keyold, keynew"),
	)
	arr := func(name, spec string) OraSub { return jsonMember("JSON_ARRAY_T", name, spec, false) }
	catalogAdd(
		arr("GET", "pos"), arr("GET_STRING", "pos"), arr("GET_NUMBER", "pos"), arr("GET_DATE", "pos"),
		arr("GET_TIMESTAMP", "pos"), arr("GET_BOOLEAN", "pos"), arr("GET_CLOB", "pos"), arr("GET_CLOB", "pos, c"),
		arr("GET_BLOB", "pos"), arr("GET_BLOB", "pos, c"), arr("GET_TYPE", "pos"), arr("APPEND", "value"),
		arr("APPEND_NULL", ""), arr("PUT", "pos, value, overwrite?"), arr("PUT_NULL", "pos, overwrite?"), arr("REMOVE", "pos"),
	)
}
