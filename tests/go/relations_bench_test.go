package integration

// The live add_relations benchmark (issue 11, Tests and performance): p50/p95
// latency of one add_relations call storing 1,000 relations (half supports,
// half supersedes, so the lifecycle recompute of 500 targets is included), on
// a KEYWORD store holding 100,000 memories and 300,000 relations. Each timed
// call runs in a transaction that is rolled back, so every iteration adds the
// same relations to the same store. Two sub-benchmarks: raw (the request
// through database/sql) and client (the same relations as Go values through
// Store.AddRelations). It needs ORACLE_DSN and runs only when asked:
//
//	go test -run '^$' -bench AddRelationsLive -benchtime 50x ./tests/go
//
// The search part of the benchmark (num_hops 0..3) is
// BenchmarkSearchGraphLive (graph_bench_test.go), on the same data set.

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

const (
	relBenchMemories = 100000
	relBenchBatch    = 1000 // records or relations per call
	// The data set's relations: m(i) -> m(i+d) for d in 1..relBenchOffsets;
	// the reverse pair has offset N-d, never used, so no pair is stored twice
	// or the other way. The timed call uses offset relBenchOffsets+1.
	relBenchOffsets = 3
)

// relBenchRequest is an add_relations request for the relations
// m(from+j) -> m(from+j+offset), j < count, types alternating per pattern.
func relBenchRequest(b *testing.B, from, count, offset int, types []string) string {
	b.Helper()
	src := make([]string, count)
	tgt := make([]string, count)
	rt := make([]string, count)
	for j := range count {
		src[j] = fmt.Sprintf("m%d", from+j)
		tgt[j] = fmt.Sprintf("m%d", (from+j+offset)%relBenchMemories)
		rt[j] = types[j%len(types)]
	}
	req, err := json.Marshal(map[string]any{"source_record_ids": src, "source_record_types": "memory",
		"target_record_ids": tgt, "target_record_types": "memory", "relation_types": rt})
	if err != nil {
		b.Fatal(err)
	}
	return string(req)
}

// relBenchStore opens a new store with the open_store request that
// request builds from its id, drops it when the benchmark ends, and fills
// it with the data set: relBenchMemories memories m0.. (texts "memory i of
// the <what> benchmark", with an embedding each when embed is not nil) and
// the relations m(i) -> m(i+d), d = 1..relBenchOffsets, all "supports".
func relBenchStore(b *testing.B, ctx context.Context, db *sql.DB, request func(store string) string, what string,
	embed func() []float32) string {
	store := livedb.StoreID(b)
	var res string
	_, err := db.ExecContext(ctx, relOpenBlock, sql.Named("b_res", livedb.StringOut(&res)),
		sql.Named("b_request", request(store)))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		if _, err := db.ExecContext(context.Background(), relDropBlock, sql.Named("b_store_id", store)); err != nil {
			b.Errorf("cleanup: dropping store %s: %v", store, err)
		}
	})
	for from := 0; from < relBenchMemories; from += relBenchBatch {
		ids := make([]string, relBenchBatch)
		texts := make([]string, relBenchBatch)
		var vecs [][]float32
		for j := range relBenchBatch {
			ids[j] = fmt.Sprintf("m%d", from+j)
			texts[j] = fmt.Sprintf("memory %d of the %s benchmark", from+j, what)
			if embed != nil {
				vecs = append(vecs, embed())
			}
		}
		body := map[string]any{"record_type": "memory", "contents": texts, "record_ids": ids}
		if embed != nil {
			body["embeddings"] = vecs
		}
		req, err := json.Marshal(body)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := relCall(ctx, db, "add_records", store, string(req)); err != nil {
			b.Fatal(err)
		}
	}
	for d := 1; d <= relBenchOffsets; d++ {
		for from := 0; from < relBenchMemories; from += relBenchBatch {
			if _, err := relCall(ctx, db, "add_relations", store, relBenchRequest(b, from, relBenchBatch, d, []string{"supports"})); err != nil {
				b.Fatal(err)
			}
		}
	}
	return store
}

func BenchmarkAddRelationsLive(b *testing.B) {
	db := livedb.Open(b)
	ctx := context.Background()
	store := relBenchStore(b, ctx, db, func(store string) string {
		return `{"memory_store_id": "` + store + `", "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "KEYWORD"}`
	}, "relation", nil)
	timed := relBenchRequest(b, 0, relBenchBatch, relBenchOffsets+1, []string{"supports", "supersedes"})
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: store})
	if err != nil {
		b.Fatal(err)
	}
	var rels []agentmemory.Relation
	var w struct {
		Src []string                   `json:"source_record_ids"`
		Tgt []string                   `json:"target_record_ids"`
		RT  []agentmemory.RelationType `json:"relation_types"`
	}
	if err := json.Unmarshal([]byte(timed), &w); err != nil {
		b.Fatal(err)
	}
	for j := range w.Src {
		rels = append(rels, agentmemory.Relation{Type: w.RT[j],
			Source: agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: w.Src[j]},
			Target: agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: w.Tgt[j]}})
	}
	// raw: the request as JSON through database/sql (the baseline); client:
	// the same relations as Go values through Store.AddRelations.
	b.Run("raw", func(b *testing.B) {
		relBenchTimed(b, ctx, db, func(tx *sql.Tx) error {
			_, err := relCall(ctx, tx, "add_relations", store, timed)
			return err
		})
	})
	b.Run("client", func(b *testing.B) {
		relBenchTimed(b, ctx, db, func(tx *sql.Tx) error {
			_, err := s.WithTx(tx).AddRelations(ctx, rels...)
			return err
		})
	})
}

// relBenchTimed times add in a transaction rolled back after each call and
// reports p50/p95.
func relBenchTimed(b *testing.B, ctx context.Context, db *sql.DB, add func(*sql.Tx) error) {
	lat := make([]time.Duration, 0, b.N)
	for b.Loop() {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		err = add(tx)
		lat = append(lat, time.Since(start))
		_ = tx.Rollback()
		if err != nil {
			b.Fatal(err)
		}
	}
	p50, p95 := srchPercentile(lat, 0.50), srchPercentile(lat, 0.95)
	b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(p95.Microseconds())/1000, "p95-ms")
	b.Logf("add_relations of %d relations on %d memories / %d relations: p50 %v, p95 %v (%d samples)",
		relBenchBatch, relBenchMemories, relBenchOffsets*relBenchMemories, p50, p95, len(lat))
}
