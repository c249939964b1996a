package integration

// The live context-card benchmark (issue 12, Tests and performance): p50/p95
// of thread_get_context_card — one facade call, one round trip — on a thread
// of 1,000 messages in a KEYWORD store of 100,000 memories (goal: p95 under
// 30 ms). Plain database/sql calls. It needs ORACLE_DSN and Oracle Text and
// runs only when asked:
//
//	go test -run '^$' -bench ThreadCardLive -benchtime 200x ./tests/go

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/agentmem/agentmem/tests/go/livedb"
)

const (
	cardBenchMemories = 100000
	cardBenchMessages = 1000
	cardBenchBatch    = 1000 // records per add_records call
)

func BenchmarkThreadCardLive(b *testing.B) {
	db := livedb.Open(b)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()
	if why := srchBenchText(b, ctx, db); why != "" {
		b.Skip(why)
	}
	store := livedb.StoreID(b)
	var res string
	if _, err := db.ExecContext(ctx, relOpenBlock, sql.Named("b_res", livedb.StringOut(&res)), sql.Named("b_request",
		fmt.Sprintf(`{"memory_store_id": %q, "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "KEYWORD"}`, store))); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		if _, err := db.ExecContext(context.Background(), relDropBlock, sql.Named("b_store_id", store)); err != nil {
			b.Errorf("cleanup: dropping store %s: %v", store, err)
		}
	})
	mustCall := func(op, req string) {
		b.Helper()
		if _, err := threadCall(ctx, db, op, store, req); err != nil {
			b.Fatalf("%s: %v", op, err)
		}
	}
	mustCall("open_thread", `{"thread_id": "bt1", "user_id": "bu001", "agent_id": "ba1"}`)
	rng := rand.New(rand.NewPCG(12, 2026))
	text := func() string {
		words := make([]string, 10)
		for j := range words {
			words[j] = srchBenchWords[rng.IntN(len(srchBenchWords))]
		}
		return strings.Join(words, " ")
	}
	for from := 0; from < cardBenchMemories; from += cardBenchBatch {
		texts, users := make([]string, cardBenchBatch), make([]string, cardBenchBatch)
		for j := range cardBenchBatch {
			texts[j], users[j] = text(), fmt.Sprintf("bu%03d", (from+j)%srchBenchUsers)
		}
		req, err := json.Marshal(map[string]any{"record_type": "memory", "contents": texts, "user_ids": users,
			"agent_ids": "ba1"})
		if err != nil {
			b.Fatal(err)
		}
		mustCall("add_records", string(req))
	}
	for from := 0; from < cardBenchMessages; from += 100 {
		msgs := make([]map[string]any, 100)
		for j := range msgs {
			msgs[j] = map[string]any{"role": []string{"user", "assistant"}[j%2], "content": text()}
		}
		req, err := json.Marshal(map[string]any{"thread": "bt1", "messages": msgs})
		if err != nil {
			b.Fatal(err)
		}
		mustCall("thread_add_messages", string(req))
	}

	const request = `{"thread": "bt1", "max_recent_messages": 4, "token_budget": 2000}`
	durations := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		if _, err := threadCall(ctx, db, "thread_get_context_card", store, request); err != nil {
			b.Fatal(err)
		}
		durations = append(durations, time.Since(start))
	}
	b.StopTimer()
	b.ReportMetric(float64(srchPercentile(durations, 0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(srchPercentile(durations, 0.95).Microseconds())/1000, "p95-ms")
}
