package integration

// Live test of issue 9, item 8 (package side): a new VECTOR store that
// names an embedding_model and omits vector_dim takes the model's output
// dimension, learned by embedding a probe text once at creation. The
// request goes to the package raw (the Go client's own inference is tested
// with the client).

import (
	"database/sql"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/tests/go/livedb"
)

func TestVectorDimInferredFromModelLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	model := embeddingModel(t, ctx, db)
	if model == "" {
		t.Skipf("SKIPPED: no EMBEDDING model in USER_MINING_MODELS; load one (all_MiniLM_L12_v2) or set %s", envModel)
	}
	var want int
	require.NoError(t, db.QueryRowContext(ctx,
		`select vector_dimension_count(vector_embedding(`+model+` using 'dimension probe' as data)) from dual`).Scan(&want))

	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	var res string
	_, err := db.ExecContext(ctx, `begin :b_res := dbms_agent_memory_store.open_store(p_request => :b_request); end;`,
		sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_request",
			`{"memory_store_id": "`+id+`", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR",`+
				` "embedding_model": "`+model+`"}`))
	require.NoError(t, err)
	var resp struct {
		Store struct {
			Config struct {
				VectorDim *int `json:"vector_dim"`
			} `json:"config"`
		} `json:"store"`
	}
	require.NoError(t, json.Unmarshal([]byte(res), &resp), "%s", res)
	require.NotNil(t, resp.Store.Config.VectorDim, "vector_dim inferred: %s", res)
	assert.Equal(t, want, *resp.Store.Config.VectorDim, "the model's dimension")
}
