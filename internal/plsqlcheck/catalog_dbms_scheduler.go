package plsqlcheck

// DBMS_SCHEDULER. The 19c and 23ai reference pages hold the whole package on
// one page; the signatures marked verified below were read from a verbatim
// transcription of the 19c page (DBMS_SCHEDULER.html), the others could not be
// reached section by section and are marked Unverified.
const (
	docSched19 = "https://docs.oracle.com/en/database/oracle/oracle-database/19/arpls/DBMS_SCHEDULER.html"
	docSched23 = "https://docs.oracle.com/en/database/oracle/oracle-database/23/arpls/DBMS_SCHEDULER.html"
	docSched11 = "https://docs.oracle.com/cd/B28359_01/appdev.111/b28419/d_sched.htm"
	// EDB's Oracle-compatible copy: the only page of the stored docs with the
	// syntax boxes of the program procedures (the Oracle pages are one
	// page per package and were not readable section by section).
	docSchedEDB = "https://www.enterprisedb.com/docs/epas/latest/reference/oracle_compatibility_reference/epas_compat_bip_guide/03_built-in_packages/15_dbms_scheduler/"
	// Oracle 11.2 Administrator's Guide, "Creating and Managing Programs to
	// Define Jobs": CREATE_PROGRAM needs CREATE JOB; DROP_PROGRAM, ENABLE,
	// DISABLE need ownership.
	docSchedPrograms = "https://docs.oracle.com/cd/E24693_01/server.11203/e17120/scheduse003.htm"
)

func init() {
	catalogAdd(
		// Inline program and schedule (the form the project uses).
		OraSub{Package: "DBMS_SCHEDULER", Name: "CREATE_JOB",
			Params: params("job_name, job_type, job_action, number_of_arguments?, start_date?, repeat_interval?, end_date?, job_class?, enabled?, auto_drop?, comments?, credential_name?, destination_name?"),
			Source: docSched11, Unverified: true,
			Note: "section not readable in the stored docs; signature from the shared reference (oracle-reference.md §9, citing d_sched.htm) and EDB/O'Reilly copies of the Oracle signature"},
		// Named program and named schedule.
		OraSub{Package: "DBMS_SCHEDULER", Name: "CREATE_JOB",
			Params: params("job_name, program_name, schedule_name, job_class?, enabled?, auto_drop?, comments?, job_style?, credential_name?, destination_name?"),
			Source: docSched11, Unverified: true,
			Note: "second documented form; seen only in EDB's Oracle-compatible copy (without job_style/credential_name/destination_name, added from memory)"},
		// Named program, inline schedule.
		OraSub{Package: "DBMS_SCHEDULER", Name: "CREATE_JOB",
			Params: params("job_name, program_name, start_date?, repeat_interval?, end_date?, job_class?, enabled?, auto_drop?, comments?, job_style?, credential_name?, destination_name?"),
			Source: docSched11, Unverified: true, Note: "form from memory of the reference page; not seen in the stored docs"},
		// Inline action, named schedule.
		OraSub{Package: "DBMS_SCHEDULER", Name: "CREATE_JOB",
			Params: params("job_name, job_type, job_action, number_of_arguments?, schedule_name, job_class?, enabled?, auto_drop?, comments?, credential_name?, destination_name?"),
			Source: docSched11, Unverified: true, Note: "form from memory of the reference page; not seen in the stored docs"},

		// Programs (sql/scheduler/AGENTMEM_JOBS): program_type STORED_PROCEDURE,
		// its arguments defined by position, the per-job value set on the job.
		OraSub{Package: "DBMS_SCHEDULER", Name: "CREATE_PROGRAM",
			Params: params("program_name, program_type, program_action, number_of_arguments?, enabled?, comments?"),
			Source: docSchedPrograms, Unverified: true,
			Note: "Oracle's guide shows the call; the signature is EDB's copy of Oracle's (" + docSchedEDB + "03_create_program/)"},
		OraSub{Package: "DBMS_SCHEDULER", Name: "DEFINE_PROGRAM_ARGUMENT",
			Params: params("program_name, argument_position, argument_name?, argument_type, default_value, out_argument?"),
			Source: docSched23, Unverified: true, Note: "form with a default value; signature from EDB's Oracle-compatible copy (" + docSchedEDB + "05_define_program_argument)"},
		OraSub{Package: "DBMS_SCHEDULER", Name: "DEFINE_PROGRAM_ARGUMENT",
			Params: params("program_name, argument_position, argument_name?, argument_type, out_argument?"),
			Source: docSched23, Unverified: true, Note: "form without a default value; signature from EDB's Oracle-compatible copy (" + docSchedEDB + "05_define_program_argument)"},
		OraSub{Package: "DBMS_SCHEDULER", Name: "DROP_PROGRAM",
			Params: params("program_name, force?"), Source: docSchedPrograms, Unverified: true,
			Note: "named in the Administrator's Guide task table; parameters from EDB's copy"},
		OraSub{Package: "DBMS_SCHEDULER", Name: "SET_JOB_ARGUMENT_VALUE",
			Params: params("job_name, argument_position, argument_value"),
			Source: docSched23, Unverified: true, Note: "form by position; signature from EDB's Oracle-compatible copy (" + docSchedEDB + "14_set_job_argument_value)"},
		OraSub{Package: "DBMS_SCHEDULER", Name: "SET_JOB_ARGUMENT_VALUE",
			Params: params("job_name, argument_name, argument_value"),
			Source: docSched23, Unverified: true, Note: "form by name; signature from EDB's Oracle-compatible copy (" + docSchedEDB + "14_set_job_argument_value)"},
		OraSub{Package: "DBMS_SCHEDULER", Name: "DROP_JOB",
			Params: params("job_name, force?, defer?, commit_semantics?"), Source: docSched19},
		OraSub{Package: "DBMS_SCHEDULER", Name: "ENABLE",
			Params: params("name, commit_semantics?"), Source: docSched19},
		OraSub{Package: "DBMS_SCHEDULER", Name: "DISABLE",
			Params: params("name, force?, commit_semantics?"), Source: docSched23, Unverified: true,
			Note: "section not readable in the stored docs; signature from EDB's Oracle-compatible copy"},
		OraSub{Package: "DBMS_SCHEDULER", Name: "RUN_JOB",
			Params: params("job_name, use_current_session?"), Source: docSched19},
		OraSub{Package: "DBMS_SCHEDULER", Name: "STOP_JOB",
			Params: params("job_name, force?, commit_semantics?"), Source: docSched19},
		// value is overloaded on its type (VARCHAR2, BOOLEAN, DATE, TIMESTAMP
		// WITH TIME ZONE, INTERVAL ...); names are what the checker compares.
		OraSub{Package: "DBMS_SCHEDULER", Name: "SET_ATTRIBUTE",
			Params: params("name, attribute, value"), Source: docSched23, Unverified: true,
			Note: "section not readable in the stored docs; names confirmed by SET_ATTRIBUTE_NULL(name, attribute) on the 19c page and by OceanBase/EDB copies"},
		OraSub{Package: "DBMS_SCHEDULER", Name: "SET_ATTRIBUTE",
			Params: params("name, attribute, value, value2?"), Source: docSched23, Unverified: true,
			Note: "two-value form (e.g. event_spec) from memory of the reference page"},
	)
}
