package goclient

// Every call text here matches the spec in ../sql/packages.
const (
	createNamed      = `begin :res := dbms_agent_memory_store.create_store(p_store_id => :id, p_request => :req); end;`
	createDefaulted  = "begin :res := DBMS_AGENT_MEMORY_STORE.Create_Store(p_store_id => :1); end;"
	createPositional = `begin :res := dbms_agent_memory_store.create_store(:1, :2); end;`
	dropOverload     = `begin dbms_agent_memory_store.drop_store(p_store_id => :1, p_schema_owner => :2); end;`
	versionNoParens  = `select dbms_agent_memory_store.version from dual`
	constantRef      = `begin :v := dbms_agent_memory_store.co_version; end;`
	tableColumn      = `select agentmem_store.memory_store_id from agentmem_store`
)

func ownerCall(owner string) string {
	return "begin " + owner + ".dbms_agent_memory_store.drop_store(:1); end;"
}

var joined = "begin :res := dbms_agent_memory_store.create_store(" +
	"p_store_id => :id); end;"

// Not call texts: a file name and a message.
var (
	specFile = "sql/packages/DBMS_AGENT_MEMORY_STORE.pks"
	hint     = "grant execute on dbms_agent_memory_store.x to the runtime user"
)
