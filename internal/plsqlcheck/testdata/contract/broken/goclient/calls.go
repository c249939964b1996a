package goclient

// Each literal marked "expect" breaks the contract with the spec.
const (
	unknownSub   = `begin dbms_agent_memory_store.create_stor(p_store_id => :1); end;`       // expect: GO-CONTRACT
	unknownParam = `begin :r := dbms_agent_memory_store.create_store(p_store => :1); end;`   // expect: GO-CONTRACT
	missingParam = `begin :r := dbms_agent_memory_store.create_store(p_request => :1); end;` // expect: GO-CONTRACT
	tooMany      = `begin :r := dbms_agent_memory_store.create_store(:1, :2, :3); end;`      // expect: GO-CONTRACT
	noOverload   = `begin dbms_agent_memory_store.drop_store(p_schema_owner => :2); end;`    // expect: GO-CONTRACT
	badConstant  = `begin :v := dbms_agent_memory_store.co_versoin; end;`                    // expect: GO-CONTRACT
	noPackage    = `begin agentmem_nowhere.run(:1); end;`                                    // expect: GO-CONTRACT
	fine         = `begin :r := dbms_agent_memory_store.version; end;`
	internalPkg  = `begin :r := agentmem_util.sql_name(:1); end;` // expect: GO-CONTRACT
)

var joined = "begin :res := dbms_agent_memory_store.create_store(" + // expect: GO-CONTRACT
	"p_stor_id => :id); end;"
