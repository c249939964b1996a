package integration

// The live search benchmark (issue 6, Performance): p50/p95 latency of k=10
// searches at 10,000 memories per strategy, with and without scope and
// metadata filters, and recall@10 of VECTOR's approximate search against an
// exact search (a direct ORDER BY VECTOR_DISTANCE ... FETCH EXACT, written
// here: the package has no exact mode). It needs ORACLE_DSN and runs only
// when asked:
//
//	go test -run '^$' -bench SearchLive -benchtime 200x ./tests/go
//
// The report goes to tests/go/benchout/search-<UTC time>.md for
// docs/benchmarks.md, with the database release and the machine.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/internal/dbconn"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

const (
	srchBenchRecords = 10000
	srchBenchBatch   = 1000 // records per add_records call
	srchBenchDim     = 64   // VECTOR store's dimension (random vectors)
	srchBenchUsers   = 100
	srchBenchTopics  = 20
	srchBenchRecallQ = 50 // queries of the recall measure
)

// srchBenchWords is the vocabulary of the generated texts.
var srchBenchWords = func() []string {
	syll := []string{"ka", "lo", "mi", "ru", "te", "van", "sol", "dor", "pi", "nex", "qua", "bel"}
	var w []string
	for _, a := range syll {
		for _, b := range syll {
			w = append(w, a+b)
		}
	}
	return w
}()

type srchBenchRow struct{ scenario, strategy, p50, p95, n, note string }

func BenchmarkSearchLive(b *testing.B) {
	db := livedb.Open(b)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()
	release := srchBenchRelease(b, ctx, db)
	var rows []srchBenchRow
	var recall []string

	for _, strategy := range []agentmemory.SearchStrategy{agentmemory.Vector, agentmemory.Keyword, agentmemory.Hybrid} {
		s, why := srchBenchStore(b, ctx, db, strategy, release)
		if s == nil {
			rows = append(rows, srchBenchRow{strategy: string(strategy), scenario: "all", note: "skipped: " + why})
			continue
		}
		rng := rand.New(rand.NewPCG(7, uint64(len(strategy))))
		queries := make([]agentmemory.SearchRequest, 100)
		for i := range queries {
			if strategy == agentmemory.Vector {
				queries[i].QueryVector = srchBenchVector(rng)
			} else {
				queries[i].Query = srchBenchWords[rng.IntN(len(srchBenchWords))] + " " + srchBenchWords[rng.IntN(len(srchBenchWords))]
			}
			queries[i].K = 10
		}
		scenarios := []struct {
			name  string
			apply func(i int, r *agentmemory.SearchRequest)
		}{
			{"no filter", func(int, *agentmemory.SearchRequest) {}},
			{"user scope", func(i int, r *agentmemory.SearchRequest) {
				r.UserID = agentmemory.Some(fmt.Sprintf("bu%03d", i%srchBenchUsers))
			}},
			{"metadata filter", func(i int, r *agentmemory.SearchRequest) {
				r.MetadataFilter = agentmemory.Some(agentmemory.Filter{"topic": fmt.Sprintf("t%02d", i%srchBenchTopics)})
			}},
			{"user scope + metadata filter", func(i int, r *agentmemory.SearchRequest) {
				r.UserID = agentmemory.Some(fmt.Sprintf("bu%03d", i%srchBenchUsers))
				r.MetadataFilter = agentmemory.Some(agentmemory.Filter{"topic": fmt.Sprintf("t%02d", i%srchBenchTopics)})
			}},
		}
		for _, sc := range scenarios {
			b.Run(string(strategy)+"/"+sc.name, func(b *testing.B) {
				var lat []time.Duration
				i := 0
				for b.Loop() {
					req := queries[i%len(queries)]
					sc.apply(i, &req)
					t0 := time.Now()
					if _, err := s.Search(ctx, req); err != nil {
						b.Fatalf("search %d: %v", i, err)
					}
					lat = append(lat, time.Since(t0))
					i++
				}
				p50, p95 := srchPercentile(lat, 0.50), srchPercentile(lat, 0.95)
				b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(p95.Microseconds())/1000, "p95-ms")
				rows = append(rows, srchBenchRow{scenario: sc.name, strategy: string(strategy),
					p50: fmt.Sprintf("%.2f", float64(p50.Microseconds())/1000), p95: fmt.Sprintf("%.2f", float64(p95.Microseconds())/1000),
					n: fmt.Sprint(len(lat))})
			})
		}
		if strategy == agentmemory.Vector {
			recall = append(recall, srchBenchRecall(b, ctx, db, s, rng, agentmemory.Omit[string]()),
				srchBenchRecall(b, ctx, db, s, rng, agentmemory.Some("bu007")))
		}
	}
	srchBenchWrite(b, release, rows, recall)
}

// srchBenchStore creates a store of strategy with srchBenchRecords
// memories, or returns nil and why the strategy cannot run here.
func srchBenchStore(b *testing.B, ctx context.Context, db *sql.DB, strategy agentmemory.SearchStrategy, release dbconn.Release) (*agentmemory.Store, string) {
	b.Helper()
	opts := agentmemory.StoreOptions{MemoryStoreID: livedb.StoreID(b), SchemaPolicy: agentmemory.CreateIfNecessary, SearchStrategy: strategy}
	switch strategy {
	case agentmemory.Vector:
		opts.VectorDim = agentmemory.Some(srchBenchDim)
	case agentmemory.Keyword:
		if why := srchBenchText(b, ctx, db); why != "" {
			return nil, why
		}
		opts.VectorDim = agentmemory.None[int]()
	case agentmemory.Hybrid:
		if !release.AtLeast(dbconn.MinHybrid) {
			return nil, fmt.Sprintf("HYBRID needs %s, this is %s", dbconn.MinHybrid, release)
		}
		if why := srchBenchText(b, ctx, db); why != "" {
			return nil, why
		}
		model := os.Getenv(envModel)
		if model == "" {
			err := db.QueryRowContext(ctx, `select model_name from user_mining_models
 where mining_function = 'EMBEDDING' order by model_name fetch first 1 row only`).Scan(&model)
			if errors.Is(err, sql.ErrNoRows) {
				return nil, "no EMBEDDING model in USER_MINING_MODELS"
			}
			if err != nil {
				b.Fatalf("reading USER_MINING_MODELS: %v", err)
			}
		}
		opts.VectorDim, opts.EmbeddingModel = agentmemory.None[int](), agentmemory.Some(model)
	}
	b.Cleanup(func() {
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		if err := agentmemory.DropStore(cctx, db, opts.MemoryStoreID); err != nil && !errors.Is(err, agentmemory.ErrNotFound) {
			b.Errorf("cleanup: dropping store %s: %v", opts.MemoryStoreID, err)
		}
	})
	s, err := agentmemory.Open(ctx, db, opts)
	if err != nil {
		b.Fatalf("creating the %s store: %v", strategy, err)
	}
	rng := rand.New(rand.NewPCG(42, 1))
	for start := 0; start < srchBenchRecords; start += srchBenchBatch {
		var mems []agentmemory.Memory
		for i := start; i < start+srchBenchBatch; i++ {
			words := make([]string, 10)
			for j := range words {
				words[j] = srchBenchWords[rng.IntN(len(srchBenchWords))]
			}
			m := agentmemory.Memory{Text: strings.Join(words, " "), UserID: fmt.Sprintf("bu%03d", i%srchBenchUsers),
				Metadata: map[string]any{"topic": fmt.Sprintf("t%02d", i%srchBenchTopics), "n": i}}
			if strategy == agentmemory.Vector {
				m.Embedding = agentmemory.SingleVector(srchBenchVector(rng))
			}
			mems = append(mems, m)
		}
		if _, err := s.AddMemories(ctx, mems); err != nil {
			b.Fatalf("adding memories %d..%d to the %s store: %v", start, start+srchBenchBatch-1, strategy, err)
		}
	}
	return s, ""
}

func srchBenchVector(rng *rand.Rand) []float32 {
	v := make([]float32, srchBenchDim)
	for i := range v {
		v[i] = float32(rng.NormFloat64())
	}
	return v
}

// srchBenchRecall compares k=10 VECTOR searches with the exact top 10 of a
// direct query (FETCH EXACT: no index), both scoped to user when given.
func srchBenchRecall(b *testing.B, ctx context.Context, db *sql.DB, s *agentmemory.Store, rng *rand.Rand, user agentmemory.Optional[string]) string {
	b.Helper()
	table := `"` + s.Info().TablePrefix + `RECORD_CHUNKS"`
	if !regexp.MustCompile(`^"[A-Z][A-Z0-9_]*RECORD_CHUNKS"$`).MatchString(table) {
		b.Fatalf("unexpected table name %s", table)
	}
	u, scoped := user.Get()
	query := `select source_id from ` + table + ` where source_type = 'memory' and embedding is not null`
	if scoped {
		query += ` and user_id = :b_user`
	}
	query += ` order by vector_distance(embedding, to_vector(:b_vec, ` + fmt.Sprint(srchBenchDim) + `, float32), cosine)
 fetch exact first 10 rows only`
	var total float64
	for range srchBenchRecallQ {
		q := srchBenchVector(rng)
		res, err := s.Search(ctx, agentmemory.SearchRequest{QueryVector: q, K: 10, UserID: user})
		if err != nil {
			b.Fatalf("search: %v", err)
		}
		approx := map[string]bool{}
		for _, h := range res.Results {
			approx[h.Record.RecordID()] = true
		}
		args := []any{sql.Named("b_vec", srchVectorText(q))}
		if scoped {
			args = append(args, sql.Named("b_user", u))
		}
		rowsQ, err := db.QueryContext(ctx, query, args...)
		if err != nil {
			b.Fatalf("exact search: %v", err)
		}
		hit, n := 0, 0
		for rowsQ.Next() {
			var id string
			if err := rowsQ.Scan(&id); err != nil {
				b.Fatal(err)
			}
			n++
			if approx[id] {
				hit++
			}
		}
		if err := errors.Join(rowsQ.Err(), rowsQ.Close()); err != nil {
			b.Fatal(err)
		}
		if n > 0 {
			total += float64(hit) / float64(n)
		}
	}
	scope := "no filter"
	if scoped {
		scope = "user scope (1% of the rows)"
	}
	return fmt.Sprintf("| VECTOR | %s | %d | %.3f |", scope, srchBenchRecallQ, total/srchBenchRecallQ)
}

func srchVectorText(v []float32) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func srchPercentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[int(math.Ceil(p*float64(len(s))))-1]
}

// srchBenchRelease reads the database release.
func srchBenchRelease(b *testing.B, ctx context.Context, db *sql.DB) dbconn.Release {
	b.Helper()
	var full string
	if err := db.QueryRowContext(ctx, `select version_full from product_component_version
 where version_full is not null and product like '%Database%' fetch first 1 row only`).Scan(&full); err != nil {
		b.Fatalf("reading the release: %v", err)
	}
	r, err := dbconn.ParseRelease(full)
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// srchBenchText says why Oracle Text cannot be used, "" when it can.
func srchBenchText(b *testing.B, ctx context.Context, db *sql.DB) string {
	b.Helper()
	var n int
	if err := db.QueryRowContext(ctx, `select count(*) from all_objects
 where owner = 'CTXSYS' and object_name = 'CTX_DDL' and object_type = 'PACKAGE'`).Scan(&n); err != nil {
		b.Fatalf("looking for CTX_DDL: %v", err)
	}
	if n == 0 {
		return "Oracle Text (CTXSYS.CTX_DDL) is not installed or not visible"
	}
	return ""
}

// srchBenchWrite writes the report for docs/benchmarks.md.
func srchBenchWrite(b *testing.B, release dbconn.Release, rows []srchBenchRow, recall []string) {
	b.Helper()
	host, _ := os.Hostname()
	now := time.Now().UTC()
	var w strings.Builder
	fmt.Fprintf(&w, "# Search benchmark, %s\n\n", now.Format(time.RFC3339))
	fmt.Fprintf(&w, "Database release %s. Client: %s/%s, %d CPUs, host %s, %s.\n", release, runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), host, runtime.Version())
	fmt.Fprintf(&w, "%d memories per store (10 words each, %d users, %d metadata topics; VECTOR: random %d-dimension vectors), k = 10, one Store.Search per sample.\n\n",
		srchBenchRecords, srchBenchUsers, srchBenchTopics, srchBenchDim)
	fmt.Fprintln(&w, "| strategy | scenario | samples | p50 ms | p95 ms | note |")
	fmt.Fprintln(&w, "|---|---|---|---|---|---|")
	for _, r := range rows {
		fmt.Fprintf(&w, "| %s | %s | %s | %s | %s | %s |\n", r.strategy, r.scenario, r.n, r.p50, r.p95, r.note)
	}
	fmt.Fprintln(&w, "\nRecall@10 of VECTOR (approximate, through the package) against an exact search (FETCH EXACT):")
	fmt.Fprintln(&w, "\n| strategy | filter | queries | recall@10 |")
	fmt.Fprintln(&w, "|---|---|---|---|")
	for _, r := range recall {
		fmt.Fprintln(&w, r)
	}
	dir := "benchout"
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, "search-"+now.Format("20060102T150405Z")+".md")
	if err := os.WriteFile(path, []byte(w.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Logf("report written to tests/go/%s", path)
}
