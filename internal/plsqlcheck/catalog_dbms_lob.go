package plsqlcheck

// DBMS_LOB, read from a verbatim transcription of the 19c reference page
// (DBMS_LOB.html); the package has been stable since long before 23ai. The
// BLOB/CLOB/BFILE overloads share parameter names except where listed.
const docLob19 = "https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_LOB.html"

func init() {
	catalogAdd(
		OraSub{Package: "DBMS_LOB", Name: "CREATETEMPORARY", Params: params("lob_loc, cache, dur?"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "FREETEMPORARY", Params: params("lob_loc"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "APPEND", Params: params("dest_lob, src_lob"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "WRITEAPPEND", Params: params("lob_loc, amount, buffer"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "SUBSTR", Params: params("lob_loc, amount?, offset?"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "SUBSTR", Params: params("file_loc, amount?, offset?"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "INSTR", Params: params("lob_loc, pattern, offset?, nth?"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "INSTR", Params: params("file_loc, pattern, offset?, nth?"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "GETLENGTH", Params: params("lob_loc"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "GETLENGTH", Params: params("file_loc"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "TRIM", Params: params("lob_loc, newlen"), Source: docLob19},
		OraSub{Package: "DBMS_LOB", Name: "COMPARE", Params: params("lob_1, lob_2, amount?, offset_1?, offset_2?"),
			Source: "https://docs.oracle.com/cd/A91202_01/901_doc/appdev.901/a89852/dbms_lo4.htm",
			Note:   "read on the 9i reference page (COMPARE Function, BLOB and CLOB overloads); the 19c transcription above has no COMPARE entry"},
		OraSub{Package: "DBMS_LOB", Name: "COPY", Params: params("dest_lob, src_lob, amount, dest_offset?, src_offset?"), Source: docLob19},
	)
}
