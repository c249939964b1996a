package integration

// The live hostile-input suite (issue 14): the client's entry points fed
// quotes, comment and statement separators, NUL and control characters,
// 10,000-character strings, non-ASCII text, JSON path injection in metadata
// filters and Oracle Text operators in search text. Every call either
// succeeds (a quote in a memory's text is data) or fails with a named
// package error (agentmemory.Error with Name set: never a raw ORA-00933 or
// ORA-06550, which would mean a value reached the statement text), and a
// failed call leaves every table of the store and the registry as it was.
// The fake-driver half (goclient/hostile_fuzz_test.go) proves the
// statements never change shape; this half proves the package's refusals.

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// hostileStrings are the values every case is fed.
var hostileStrings = []string{
	"'", "x' or '1'='1", "a'); drop table agentmem_store_registry; --", "--", "/* c */", ";", "end; begin null; end;",
	"a\x00b", "\x01\x02\x1f\x7f", "line\nbreak\r\ttab", strings.Repeat("x", 10000), strings.Repeat("é", 5000),
	"🙂 ünïcödé ⊕", "$..*", "a.b[*]?(@ == 1)", `"quoted"`, "$where", ":b_store_id", "&1", "q'[x]'",
	"near((a,b),5) | {x} & fuzzy(y) $z % ~w, about(v) accum minus", "",
}

// hostileCase is one entry point taking a hostile value v.
type hostileCase struct {
	name string
	call func(ctx context.Context, s *agentmemory.Store, v string) error
}

func hostileCases(db agentmemory.DBTX) []hostileCase {
	e := func(_ any, err error) error { return err }
	return []hostileCase{
		{"Get id", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.Get(ctx, agentmemory.RecordTypeMemory, v))
		}},
		{"Get record type", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.Get(ctx, agentmemory.RecordType(v), "m1"))
		}},
		{"Add batch, hostile second id", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.AddMemories(ctx, []agentmemory.Memory{{Text: "first", Embedding: vec8()}, {ID: v, Text: "second", Embedding: vec8()}}))
		}},
		{"Add metadata key", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.AddMemories(ctx, []agentmemory.Memory{{Text: "first", Embedding: vec8()},
				{Text: "second", Embedding: vec8(), Metadata: map[string]any{v: 1}}}))
		}},
		{"Add user id", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.AddMemories(ctx, []agentmemory.Memory{{Text: "first", Embedding: vec8()}, {Text: "second", Embedding: vec8(), UserID: v}}))
		}},
		{"List filter key", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.List(ctx, agentmemory.ListRequest{MetadataFilter: agentmemory.Some(agentmemory.Filter{v: "x"})}))
		}},
		{"List filter operator", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.List(ctx, agentmemory.ListRequest{MetadataFilter: agentmemory.Some(agentmemory.Filter{"k": agentmemory.Filter{v: "x"}})}))
		}},
		{"List filter value", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.List(ctx, agentmemory.ListRequest{MetadataFilter: agentmemory.Some(agentmemory.Filter{"k": agentmemory.Filter{"$eq": v}})}))
		}},
		{"Search text", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.Search(ctx, agentmemory.SearchRequest{Query: v, QueryVector: unitVector(8)}))
		}},
		{"Update id", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.Update(ctx, agentmemory.UpdateRequest{RecordType: agentmemory.RecordTypeMemory, RecordID: v,
				Text: agentmemory.Some(agentmemory.ContentText("new"))}))
		}},
		{"Delete id", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.Delete(ctx, agentmemory.RecordTypeMemory, v))
		}},
		{"Relation ids", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.AddRelations(ctx, agentmemory.Relation{Source: agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: v},
				Target: agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: "m2"}, Type: agentmemory.RelationType(v)}))
		}},
		{"Thread id", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.CreateThread(ctx, agentmemory.ThreadOptions{ID: v, UserID: v}))
		}},
		{"Open store id", func(ctx context.Context, _ *agentmemory.Store, v string) error {
			return e(agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: v, SchemaPolicy: agentmemory.RequireExisting}))
		}},
		{"Describe owner", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(agentmemory.DescribeStore(ctx, db, s.ID(), v))
		}},
		{"GrantAccess grantee", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return agentmemory.GrantAccess(ctx, db, s.ID(), v)
		}},
		{"End user", func(ctx context.Context, s *agentmemory.Store, v string) error {
			return e(s.ForEndUser(v).Get(ctx, agentmemory.RecordTypeMemory, "m1"))
		}},
	}
}

// vec8 is an embedding for the suite's VECTOR store (dimension 8), so a
// write is refused for its hostile value, not for a missing vector.
func vec8() agentmemory.Embedding { return agentmemory.SingleVector(unitVector(8)) }

func unitVector(n int) []float32 {
	v := make([]float32, n)
	v[0] = 1
	return v
}

// storeState is the row count of every table of the store and of the
// registry: what a failed call must leave unchanged.
func storeState(t *testing.T, ctx context.Context, s *agentmemory.Store, db agentmemory.DBTX) map[string]int64 {
	t.Helper()
	d, err := s.Describe(ctx)
	require.NoError(t, err)
	out := map[string]int64{}
	for table, n := range d.RowCounts {
		c, ok := n.Get()
		require.True(t, ok, "row count of %s readable", table)
		out[table] = c
	}
	stores, err := agentmemory.ListStores(ctx, db, "")
	require.NoError(t, err)
	out["registry"] = int64(len(stores))
	return out
}

func TestHostileInputIsRefusedByNameAndLeavesNothing(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	s := createVector(t, ctx, db, 8)
	accepted := map[string]int{}
	for _, c := range hostileCases(db) {
		for _, v := range hostileStrings {
			before := storeState(t, ctx, s, db)
			err := c.call(ctx, s, v)
			if err == nil {
				accepted[c.name]++
				continue
			}
			var ae *agentmemory.Error
			if !errors.As(err, &ae) || ae.Name == "" {
				t.Errorf("%s with %.40q: not a named package error: %v", c.name, v, err)
				continue
			}
			assert.Equal(t, before, storeState(t, ctx, s, db), "%s with %.40q failed with %s and changed rows", c.name, v, ae.Name)
		}
	}
	t.Logf("values accepted as data, per case: %v", accepted)
}
