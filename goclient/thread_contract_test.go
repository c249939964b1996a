package agentmemory_test

// Contract tests of the thread calls over the golden fixtures of
// tests/go/testdata/contract/<op>/ (docs/protocol-threads.md §8), through
// the public API, as relations_contract_test.go does for relations: every
// request is turned into Go values by tests/go/fixturecall (shared with the
// live suite tests/go/threads_go_test.go), sent through Store.CreateThread
// or a *Thread method against the fake driver, and compared with the
// fixture in canonical form; accepted results encode back to the fixture's
// response, refused ones come back as their sentinel with the package's
// message.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/fixturecall"
)

// threadUnexpressible are the fixtures whose request the Go values cannot
// carry as written, and why; the raw live suite (tests/go/threads_test.go)
// sends them. Every other thread fixture goes through the Go API.
var threadUnexpressible = map[string]string{
	"open_thread/user_id_null":        "ThreadOptions.UserID is a string: \"\" omits it",
	"open_thread/metadata_not_object": "Metadata is a map",
	"open_thread/unknown_key":         "no Go field",

	"thread_add_messages/shared_metadata_list": "request-level metadata: Go gives metadata per message",
	"thread_add_messages/thread_missing":       "every call sends its thread",
	"thread_add_messages/messages_not_list":    "messages are a slice",
	"thread_add_messages/message_not_object":   "a ThreadMessage is an object",
	"thread_add_messages/role_missing":         "ThreadMessage.Role is always sent",
	"thread_add_messages/message_unknown_key":  "no Go field",
	"thread_add_messages/scope_key_refused":    "AddMessages has no scope fields (T11)",

	"thread_add_memory/link_type_alone":      "MemoryLink carries target and type together",
	"thread_add_memory/link_id_without_link": "MemoryLink.ID exists only with a link",
	"thread_add_memory/memory_type_null":     "ThreadMemory.Type is a string: \"\" omits it",
	"thread_add_memory/content_missing":      "ThreadMemory.Text is always sent",

	"thread_get_message/included_not_list":  "IncludedImageIDs is a slice",
	"thread_get_message/message_id_missing": "GetMessage always sends the id",

	"thread_get_messages/start_not_integer":         "Window.Start is an int",
	"thread_get_messages/include_bytes_not_boolean": "IncludeImageBytes is a bool",

	"thread_update_message/status_not_allowed": "MessageUpdate has no Status (T20)",
	"thread_update_memory/role_not_allowed":    "MemoryUpdate has no Role",
	"thread_delete_message/message_id_null":    "ids are strings",

	"thread_add_image/description_not_string": "Description is a string",
	"thread_add_image/image_missing":          "ThreadImage.Bytes is always sent",

	"thread_delete_image/image_id_missing": "DeleteImage always sends the id",

	"thread_link_records/relation_type_missing": "LinkRecords always sends Relation.Type",

	"thread_delete_record_link/id_with_tuple": "DeleteRecordLink sends the id alone, DeleteRecordLinkByKey the tuple",
	"thread_delete_record_link/nothing_named": "both calls name the relation",

	"thread_get_summary/budget_off":        "TokenBudget 0 is the default; no cut is a negative budget (same rule, T32)",
	"thread_get_summary/token_budget_text": "TokenBudget is an int",
	"thread_get_summary/unknown_key":       "no Go field",

	"thread_search/exact_thread_match_not_boolean": "ExactThreadMatch is an Optional[bool]",
	"thread_search/k_not_allowed":                  "ThreadSearchRequest has MaxResults, no K",
	"thread_search/max_results_zero":               "MaxResults 0 is the default (left out)",

	"thread_get_context_card/fallback_zero":               "FallbackMessageCount 0 is the default (left out)",
	"thread_get_context_card/include_invalid_not_boolean": "ExcludeInvalid is a bool",
	"thread_get_context_card/min_not_object":              "MinRelevantResultsByType is a map",
	"thread_get_context_card/unknown_key":                 "no Go field",
}

// threadStore is a Store THR01 (KEYWORD, vector_dim 4) on the fake driver.
func threadStore(respond func(agentmemory.FakeCall) (string, error)) (*agentmemory.Store, func() []agentmemory.FakeCall) {
	db, calls := agentmemory.NewFakeDB(respond)
	return agentmemory.NewTestStore(db, agentmemory.StoreInfo{MemoryStoreID: "THR01", SchemaOwner: "APP",
		Status: agentmemory.StatusReady}), calls
}

func TestContractThreads(t *testing.T) {
	fixtures := loadFixtures(t, fixturecall.ThreadOps)
	require.GreaterOrEqual(t, len(fixtures), 138, "the thread fixtures were found")
	expressed := runContractFixtures(t, fixtures, threadStore, "AGENTMEM_THREAD",
		threadUnexpressible, func(op string) bool { return strings.HasPrefix(op, "Thread.") || op == "Store.CreateThread" })
	assert.Greater(t, expressed, 100, "most thread fixtures go through the Go API")
}

// loadFixtures reads every fixture of ops.
func loadFixtures(t *testing.T, ops []string) []relationFixture {
	var out []relationFixture
	for _, op := range ops {
		paths, err := filepath.Glob(filepath.Join(contractRoot, op, "*.request.json"))
		require.NoError(t, err)
		for _, p := range paths {
			base := strings.TrimSuffix(p, ".request.json")
			f := relationFixture{op: op, name: filepath.Base(base)}
			f.request, err = os.ReadFile(p)
			require.NoError(t, err)
			if b, err := os.ReadFile(base + ".response.json"); err == nil {
				f.response = b
			} else {
				raw, err := os.ReadFile(base + ".error.json")
				require.NoError(t, err, "%s has neither response nor error", base)
				var e struct {
					Code            int      `json:"code"`
					Name            string   `json:"name"`
					MessageContains []string `json:"message_contains"`
				}
				require.NoError(t, json.Unmarshal(raw, &e))
				f.code, f.className, f.messageContains = e.Code, e.Name, e.MessageContains
			}
			out = append(out, f)
		}
	}
	require.NotEmpty(t, out, "fixtures of %v", ops)
	return out
}
