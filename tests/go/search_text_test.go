package integration

// Live tests of text search: hostile keyword input, the MANUAL sync mode and
// sync_search_index, HYBRID stores and a KEYWORD client of one, chunk_text.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/internal/dbconn"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// srchHybridStore creates a HYBRID store (sync ON_COMMIT) with the schema's
// embedding model, holding the data set when load, or skips when the
// release, Oracle Text or a model is missing.
func srchHybridStore(t *testing.T, ctx context.Context, db *sql.DB, load bool) *agentmemory.Store {
	t.Helper()
	if r := releaseOf(t, ctx, db); !r.AtLeast(dbconn.MinHybrid) {
		t.Skipf("SKIPPED: HYBRID store: needs Oracle AI Database %s or later, this is %s", dbconn.MinHybrid, r)
	}
	if ok, why := oracleTextUsable(t, ctx, db); !ok {
		t.Skip("SKIPPED: HYBRID store: " + why)
	}
	model := embeddingModel(t, ctx, db)
	if model == "" {
		t.Skipf("SKIPPED: HYBRID store: no EMBEDDING model in USER_MINING_MODELS; load one (all_MiniLM_L12_v2) or set %s", envModel)
	}
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: id, SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Hybrid, VectorDim: agentmemory.None[int](), EmbeddingModel: agentmemory.Some(model)})
	require.NoError(t, err)
	if load {
		srchLoadDataset(t, ctx, s, false)
	}
	return s
}

// TestSearchKeywordEscapingLive sends every input of keyword_escape/cases.json
// to the package as a KEYWORD query: rejected inputs fail with
// INVALID_ARGUMENT and the case's fragment; every other input, hostile ones
// included, runs without an Oracle Text error, and a cut query warns.
func TestSearchKeywordEscapingLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := srchKeywordStore(t, ctx, db, agentmemory.OnCommit, true)
	var cases []struct {
		Name      string  `json:"name"`
		Input     string  `json:"input"`
		Escaped   *string `json:"escaped"`
		Truncated bool    `json:"truncated"`
		Error     *string `json:"error"`
	}
	b, err := os.ReadFile(srchFixtureDir + "/keyword_escape/cases.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &cases))
	require.NotEmpty(t, cases)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			req, err := json.Marshal(map[string]any{"query": c.Input, "k": 10})
			require.NoError(t, err)
			text, err := srchCall(ctx, db, s.ID(), string(req))
			if c.Escaped == nil {
				require.NotNil(t, c.Error)
				frag := *c.Error
				if strings.TrimSpace(c.Input) == "" {
					frag = "query" // blank: refused by the query rule before escaping
				}
				srchRequirePackageError(t, err, 20100, "INVALID_ARGUMENT", frag)
				return
			}
			require.NoError(t, err, "escaped input never reaches Oracle Text as an operator")
			var res struct {
				Results  []json.RawMessage `json:"results"`
				Warnings []string          `json:"warnings"`
			}
			require.NoError(t, json.Unmarshal([]byte(text), &res))
			if c.Truncated {
				assert.NotEmpty(t, res.Warnings, "a query cut to 4000 bytes warns")
			} else {
				assert.Empty(t, res.Warnings)
			}
		})
	}
	t.Run("operators are words", func(t *testing.T) {
		// "pizza OR salad" as Text syntax would match mem-c; escaped, "OR"
		// is a word and the ACCUM of the three still ranks the pizza
		// records first. "salad AND NOT pizza" finds salad, not nothing.
		res, err := s.Search(ctx, agentmemory.SearchRequest{Query: "salad AND NOT pizza", K: 10})
		require.NoError(t, err)
		var ids []string
		for _, h := range res.Results {
			ids = append(ids, h.Record.RecordID())
		}
		assert.Contains(t, ids, "mem-c", "NOT is a word, not an operator")
		assert.Contains(t, ids, "mem-a")
	})
}

// TestSearchSyncIndexLive: with MANUAL sync, new text is not searchable
// until SyncSearchIndex (which commits its own autonomous transaction);
// VECTOR stores refuse the call.
func TestSearchSyncIndexLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := srchKeywordStore(t, ctx, db, agentmemory.Manual, false)
	srchAdd(t, ctx, s, map[string]any{"record_type": "memory", "contents": []any{"zanzibar expedition notes"}, "record_ids": []any{"z1"}})
	find := func() []string {
		res, err := s.Search(ctx, agentmemory.SearchRequest{Query: "zanzibar"})
		require.NoError(t, err)
		var ids []string
		for _, h := range res.Results {
			ids = append(ids, h.Record.RecordID())
		}
		return ids
	}
	assert.Empty(t, find(), "MANUAL: not searchable before the sync")
	require.NoError(t, s.SyncSearchIndex(ctx))
	assert.Equal(t, []string{"z1"}, find(), "searchable after the sync")

	v := createVector(t, ctx, db, 3)
	err := v.SyncSearchIndex(ctx)
	assert.True(t, errors.Is(err, agentmemory.ErrInvalidArgument), "%v", err)

	// The package refuses it too (the client refused above without a call).
	_, err = db.ExecContext(ctx, `begin dbms_agent_memory_store.sync_search_index(p_store_id => :b_store_id); end;`,
		sql.Named("b_store_id", v.ID()))
	srchRequirePackageError(t, err, 20100, "INVALID_ARGUMENT", "VECTOR", "no text index")
}

// TestSearchHybridLive: a HYBRID store finds the pizza records for "pizza"
// with distances in [0, 1]; a KEYWORD client of it searches KEYWORD.
func TestSearchHybridLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := srchHybridStore(t, ctx, db, true)
	res, err := s.Search(ctx, agentmemory.SearchRequest{Query: "pizza", K: 5})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.Hybrid, res.SearchStrategy)
	require.NotEmpty(t, res.Results)
	var ids []string
	for i, h := range res.Results {
		ids = append(ids, h.Record.RecordID())
		assert.GreaterOrEqual(t, h.Distance, 0.0)
		assert.LessOrEqual(t, h.Distance, 1.0)
		if i > 0 {
			assert.GreaterOrEqual(t, h.Distance, res.Results[i-1].Distance)
		}
	}
	assert.NotContains(t, ids, "mem-x", "expired")
	assert.True(t, slices.Contains(ids, "mem-a") || slices.Contains(ids, "msg-1"), "a pizza record ranks in the top 5: %v", ids)

	kw, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: s.ID(), SearchStrategy: agentmemory.Keyword})
	require.NoError(t, err)
	assert.NotEmpty(t, kw.Warnings(), "a KEYWORD client of a HYBRID store is warned")
	res, err = kw.Search(ctx, agentmemory.SearchRequest{Query: "pizza", K: 5})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.Keyword, res.SearchStrategy)
	ids = ids[:0]
	for _, h := range res.Results {
		ids = append(ids, h.Record.RecordID())
	}
	assert.ElementsMatch(t, []string{"a1", "mem-a", "mem-i", "msg-1"}, ids, "the keyword_pizza set, through the hybrid index's text side")
}

// TestSearchChunkTextLive: chunk_text splits with the store's chunking, []
// for a text without a non-space character.
func TestSearchChunkTextLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	id := livedb.StoreID(t)
	dropAtEnd(t, db, id)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: id, SchemaPolicy: agentmemory.CreateIfNecessary,
		VectorDim: agentmemory.Some(3), Chunking: &agentmemory.ChunkingConfig{Max: 10, By: "words"}})
	require.NoError(t, err)
	long := strings.Repeat("alpha beta gamma delta epsilon ", 6) // 30 words
	chunks, err := s.ChunkText(ctx, []string{"short text", long, "   "})
	require.NoError(t, err)
	require.Len(t, chunks, 3)
	assert.Equal(t, []string{"short text"}, chunks[0])
	assert.GreaterOrEqual(t, len(chunks[1]), 3, "30 words in chunks of at most 10")
	for _, c := range chunks[1] {
		assert.LessOrEqual(t, len(strings.Fields(c)), 10)
	}
	assert.Empty(t, chunks[2])
}
