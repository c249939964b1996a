package agentmemory_test

// The database behind the examples: the fake driver of the unit tests,
// answering like the package would for a VECTOR store MEM01 of dimension 3
// (a real program opens db with sql.Open("godror", dsn)).

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

const exampleStore = `{"store":{"memory_store_id":"MEM01","schema_owner":"APP","table_prefix":"MEM01_","schema_version":1,
"package_schema_version":1,"status":"READY","status_detail":null,"config":{"search_strategy":"VECTOR",
"search_index_sync":"ON_COMMIT","vector_dim":3,"embedding_model":"ALL_MINILM_L12_V2",
"memory_retention_config":{"default_ttl_days":null,"max_ttl_days":null},"chunking":{"max":200,"overlap":0,"by":"words",
"split":"recursively","normalize":"all"}},"created_at":"2026-12-01T10:00:00.000000Z","updated_at":"2026-12-01T10:00:00.000000Z"},
"actions":["created table MEM01_THREAD"],"warnings":[]}`

const exampleMemory = `{"record_type":"memory","id":"m1","content":"Prefers window seats","thread_id":null,"user_id":"u1",
"agent_id":null,"metadata":{"source":"chat"},"status":"VALID","timestamp":"2026-12-01T10:00:00.000000Z","event_timestamp":null,
"created_at":"2026-12-01T10:00:00.000000Z","updated_at":"2026-12-01T10:00:00.000000Z","expires_at":null}`

// exampleDB returns a *sql.DB whose sessions answer as the package would.
func exampleDB() *sql.DB {
	db, _ := agentmemory.NewFakeDB(exampleAnswer)
	return db
}

// exampleAnswer is the package's answer to call c in the examples.
func exampleAnswer(c agentmemory.FakeCall) (string, error) {
	switch c.Fn {
	case "open_store":
		return exampleStore, nil
	case "add_records":
		// One id per record: the given ones, generated ones for the rest.
		var req struct {
			Batches   []json.RawMessage `json:"batches"`
			Contents  []any             `json:"contents"`
			RecordIDs []*string         `json:"record_ids"`
		}
		_ = json.Unmarshal([]byte(c.Request), &req)
		batches := req.Batches
		if batches == nil {
			batches = []json.RawMessage{json.RawMessage(c.Request)}
		}
		var ids []string
		for _, b := range batches {
			_ = json.Unmarshal(b, &req)
			for i := range req.Contents {
				id := fmt.Sprintf("gen%d", len(ids)+1)
				if i < len(req.RecordIDs) && req.RecordIDs[i] != nil {
					id = *req.RecordIDs[i]
				}
				ids = append(ids, id)
			}
			req.RecordIDs = nil
		}
		out, _ := json.Marshal(map[string]any{"ids": ids, "warnings": []string{}})
		return string(out), nil
	case "add_user", "add_agent":
		return `{"id":"u1","warnings":[]}`, nil
	case "get_record":
		if strings.Contains(c.Request, `"record_id":"m1"`) {
			return `{"record":` + exampleMemory + `}`, nil
		}
		return `{"record":null}`, nil
	case "list_thread_messages":
		return `{"records":[{"record_type":"message","id":"msg1","content":"Book me a flight to Lisbon.","thread_id":"t1",
"user_id":"u1","agent_id":null,"metadata":null,"status":"VALID","timestamp":"2026-12-01T10:00:00.000000Z","event_timestamp":null,
"created_at":"2026-12-01T10:00:00.000000Z","updated_at":"2026-12-01T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":1}]}`, nil
	case "list_stores":
		var st struct {
			Store json.RawMessage `json:"store"`
		}
		_ = json.Unmarshal([]byte(exampleStore), &st)
		return `{"stores":[` + string(st.Store) + `]}`, nil
	case "grant_access", "revoke_access":
		return "", nil
	case "list_records":
		return `{"records":[` + exampleMemory + `]}`, nil
	case "update_record":
		return `{"updated":1,"warnings":[]}`, nil
	case "delete_record", "delete_thread":
		return `{"deleted":1}`, nil
	case "search":
		return `{"search_strategy":"VECTOR","query_chunks":1,"results":[{"record":` + exampleMemory +
			`,"distance":0.12,"linked_results":[]}],"warnings":[]}`, nil
	}
	return "", agentmemory.FakeOraErr(20100, "INVALID_ARGUMENT: the example database has no "+c.Fn)
}
