package integration

// The live benchmark of end-user search (issue 14, docs/security.md): p50/p95
// latency of a k=10 VECTOR search on a store of 10,000 memories (9,000 split
// across 100 end users, 1,000 global: user_id NULL) protected by the VPD
// policies USER_OWN_ROWS and GLOBAL_MEMORIES, added and granted to the 100 end
// users through the raw facade calls (add_security_policies,
// grant_security_policies, as security_admin_test.go does). It compares
//
//   - owner: the schema owner's Store.Search without an end user (VPD adds no
//     predicate; every row is searched);
//   - owner, user scope: the same with user_id set to one end user (the
//     package's own scope predicate, no VPD), the closest plain equivalent of
//     what an end user sees;
//   - end user: Store.ForEndUser(user).Search, i.e. the one-block wrapper
//     (set_end_user, the call, clear_end_user in one round trip) with the VPD
//     predicates applied;
//
// and reports the end user's overhead over both. Every end-user result is
// checked to be the end user's or global (a leak fails the benchmark). It
// needs ORACLE_DSN and VPD (Enterprise Edition, EXECUTE on SYS.DBMS_RLS, the
// end-user application context), skips with the reason otherwise, and runs
// only when asked:
//
//	go test -run '^$' -bench SearchEndUserLive -benchtime 200x ./tests/go
//
// The report goes to tests/go/benchout/search-enduser-<UTC time>.md for
// docs/benchmarks.md, with the database release and the machine.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/internal/dbconn"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

const (
	euBenchUsers   = 100
	euBenchPerUser = 90   // memories per end user
	euBenchGlobal  = 1000 // memories without a user: GLOBAL_MEMORIES
	euBenchBatch   = 1000 // memories per add_records call
)

// euBenchUser is end user i's name.
func euBenchUser(i int) string { return fmt.Sprintf("eu%03d", i%euBenchUsers) }

type euBenchRow struct {
	scenario string
	p50, p95 time.Duration
	samples  int
	hits     float64 // results per search, averaged
}

func BenchmarkSearchEndUserLive(b *testing.B) {
	db := livedb.Open(b)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	euBenchRequireVPD(b, ctx, db)
	release := srchBenchRelease(b, ctx, db)
	s := euBenchStore(b, ctx, db)
	euBenchProtect(b, ctx, db, s.Info().MemoryStoreID)

	rng := rand.New(rand.NewPCG(14, 2026))
	queries := make([][]float32, 100)
	for i := range queries {
		queries[i] = srchBenchVector(rng)
	}
	scenarios := []struct {
		name   string
		search func(i int) (*agentmemory.SearchResult, error)
		user   func(i int) string // the end user whose rows alone may come back; nil: any row
	}{
		{"owner", func(i int) (*agentmemory.SearchResult, error) {
			return s.Search(ctx, agentmemory.SearchRequest{QueryVector: queries[i%len(queries)], K: 10})
		}, nil},
		{"owner, user scope", func(i int) (*agentmemory.SearchResult, error) {
			return s.Search(ctx, agentmemory.SearchRequest{QueryVector: queries[i%len(queries)], K: 10,
				UserID: agentmemory.Some(euBenchUser(i))})
		}, nil},
		{"end user (ForEndUser)", func(i int) (*agentmemory.SearchResult, error) {
			return s.ForEndUser(euBenchUser(i)).Search(ctx, agentmemory.SearchRequest{QueryVector: queries[i%len(queries)], K: 10})
		}, euBenchUser},
	}
	var rows []euBenchRow
	for _, sc := range scenarios {
		b.Run(sc.name, func(b *testing.B) {
			var lat []time.Duration
			hits, i := 0, 0
			for b.Loop() {
				t0 := time.Now()
				res, err := sc.search(i)
				lat = append(lat, time.Since(t0))
				if err != nil {
					b.Fatalf("search %d: %v", i, err)
				}
				hits += len(res.Results)
				if sc.user != nil {
					euBenchCheckOwn(b, res, sc.user(i))
				}
				i++
			}
			p50, p95 := srchPercentile(lat, 0.50), srchPercentile(lat, 0.95)
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p95.Microseconds())/1000, "p95-ms")
			rows = append(rows, euBenchRow{scenario: sc.name, p50: p50, p95: p95, samples: len(lat),
				hits: float64(hits) / float64(max(len(lat), 1))})
		})
	}
	euBenchWrite(b, release, rows)
}

// euBenchRequireVPD skips, with the checked reason, when the database cannot
// enforce VPD policies for end users: security_capabilities reports no VPD
// (not Enterprise Edition, no EXECUTE on SYS.DBMS_RLS), or the end-user
// application context was not created at install time (SCHEMA_MISSING).
func euBenchRequireVPD(b *testing.B, ctx context.Context, db *sql.DB) {
	b.Helper()
	var res string
	if _, err := db.ExecContext(ctx, sqlSecurityCaps, sql.Named("b_res", livedb.StringOut(&res))); err != nil {
		b.Fatalf("security_capabilities: %v", err)
	}
	var caps secAdminCaps
	if err := json.Unmarshal([]byte(res), &caps); err != nil {
		b.Fatalf("security_capabilities response %s: %v", res, err)
	}
	if !caps.VPD {
		b.Skipf("SKIPPED: end-user search under VPD: security_capabilities reports no VPD: %+v", caps.Missing)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	_, err = callAs(ctx, conn, "probe", callCurrent, "", "")
	if oraCode(err) == 20103 {
		b.Skip("SKIPPED: the end-user application context does not exist: grant CREATE ANY CONTEXT to the owner" +
			" and run agentmem install-packages")
	}
	if err != nil {
		b.Fatalf("probing the end-user context: %v", err)
	}
}

// euBenchStore creates the VECTOR store, dropped at the end, with its
// 10,000 memories (random srchBenchDim-dimension vectors).
func euBenchStore(b *testing.B, ctx context.Context, db *sql.DB) *agentmemory.Store {
	b.Helper()
	opts := agentmemory.StoreOptions{MemoryStoreID: livedb.StoreID(b), SchemaPolicy: agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Vector, VectorDim: agentmemory.Some(srchBenchDim)}
	b.Cleanup(func() {
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		if err := agentmemory.DropStore(cctx, db, opts.MemoryStoreID); err != nil && !errors.Is(err, agentmemory.ErrNotFound) {
			b.Errorf("cleanup: dropping store %s: %v", opts.MemoryStoreID, err)
		}
	})
	s, err := agentmemory.Open(ctx, db, opts)
	if err != nil {
		b.Fatalf("creating the store: %v", err)
	}
	rng := rand.New(rand.NewPCG(42, 14))
	total := euBenchUsers*euBenchPerUser + euBenchGlobal
	var mems []agentmemory.Memory
	for i := range total {
		m := agentmemory.Memory{Text: fmt.Sprintf("memory %d about %s", i, srchBenchWords[rng.IntN(len(srchBenchWords))]),
			Embedding: agentmemory.SingleVector(srchBenchVector(rng))}
		if i < euBenchUsers*euBenchPerUser {
			m.UserID = euBenchUser(i)
		}
		if mems = append(mems, m); len(mems) == euBenchBatch || i == total-1 {
			if _, err := s.AddMemories(ctx, mems); err != nil {
				b.Fatalf("adding memories up to %d: %v", i, err)
			}
			mems = mems[:0]
		}
	}
	return s
}

// euBenchProtect adds the VPD policies USER_OWN_ROWS and GLOBAL_MEMORIES to
// store and grants both to the 100 end users, by the raw facade calls.
func euBenchProtect(b *testing.B, ctx context.Context, db *sql.DB, store string) {
	b.Helper()
	call := func(stmt, request string) (string, error) {
		var res string
		_, err := db.ExecContext(ctx, stmt, sql.Named("b_res", livedb.StringOut(&res)),
			sql.Named("b_store", store), sql.Named("b_request", request))
		return res, err
	}
	res, err := call(sqlAddSecurity, `{"policies": ["USER_OWN_ROWS", "GLOBAL_MEMORIES"], "enforcement": "VPD"}`)
	switch oraCode(err) {
	case 439:
		b.Skip("SKIPPED: VPD is not enabled (ORA-00439: Fine-grained access control needs Enterprise Edition)")
	case 20110:
		b.Skipf("SKIPPED: adding the VPD policies needs a privilege the owner lacks (PRIVILEGE_MISSING, e.g. EXECUTE on SYS.DBMS_RLS): %v", err)
	}
	if err != nil {
		b.Fatalf("add_security_policies: %v", err)
	}
	b.Logf("add_security_policies: %s", res)
	principals := make([]map[string]string, euBenchUsers)
	for i := range principals {
		principals[i] = map[string]string{"type": "END_USER", "name": euBenchUser(i)}
	}
	req, err := json.Marshal(map[string]any{"principals": principals})
	if err != nil {
		b.Fatal(err)
	}
	res, err = call(sqlGrantSecurity, string(req))
	if err != nil {
		b.Fatalf("grant_security_policies: %v", err)
	}
	var granted struct {
		Granted int `json:"granted"`
	}
	if err := json.Unmarshal([]byte(res), &granted); err != nil || granted.Granted != 2*euBenchUsers {
		b.Fatalf("grant_security_policies answered %s (%v), want %d grants", res, err, 2*euBenchUsers)
	}
}

// euBenchCheckOwn fails when a result of user's search is another user's.
func euBenchCheckOwn(b *testing.B, res *agentmemory.SearchResult, user string) {
	b.Helper()
	for _, h := range res.Results {
		sr, ok := h.Record.(agentmemory.ScopedRecord)
		if !ok {
			b.Fatalf("end user %s got a %s record %s", user, h.Record.RecordType(), h.Record.RecordID())
		}
		if u := sr.RecordScope().UserID; u != "" && u != user {
			b.Fatalf("end user %s got memory %s of user %s: VPD let another user's row through", user, h.Record.RecordID(), u)
		}
	}
}

// euBenchWrite writes the report for docs/benchmarks.md.
func euBenchWrite(b *testing.B, release dbconn.Release, rows []euBenchRow) {
	b.Helper()
	host, _ := os.Hostname()
	now := time.Now().UTC()
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d.Microseconds())/1000) }
	var w strings.Builder
	fmt.Fprintf(&w, "# End-user search benchmark, %s\n\n", now.Format(time.RFC3339))
	fmt.Fprintf(&w, "Database release %s. Client: %s/%s, %d CPUs, host %s, %s.\n", release, runtime.GOOS, runtime.GOARCH,
		runtime.NumCPU(), host, runtime.Version())
	fmt.Fprintf(&w, "VECTOR store of %d memories (%d end users × %d, %d global), random %d-dimension vectors, VPD policies "+
		"USER_OWN_ROWS and GLOBAL_MEMORIES granted to every end user; k = 10, one Store.Search per sample.\n\n",
		euBenchUsers*euBenchPerUser+euBenchGlobal, euBenchUsers, euBenchPerUser, euBenchGlobal, srchBenchDim)
	fmt.Fprintln(&w, "| scenario | samples | p50 ms | p95 ms | results per search |")
	fmt.Fprintln(&w, "|---|---|---|---|---|")
	byName := map[string]euBenchRow{}
	for _, r := range rows {
		byName[r.scenario] = r
		fmt.Fprintf(&w, "| %s | %d | %s | %s | %.1f |\n", r.scenario, r.samples, ms(r.p50), ms(r.p95), r.hits)
	}
	if eu, ok := byName["end user (ForEndUser)"]; ok {
		fmt.Fprintln(&w, "\nOverhead of the end user (wrapper + VPD predicates):")
		fmt.Fprintln(&w, "\n| against | p50 ms | p95 ms |")
		fmt.Fprintln(&w, "|---|---|---|")
		for _, base := range []string{"owner", "owner, user scope"} {
			if o, ok := byName[base]; ok {
				fmt.Fprintf(&w, "| %s | %+.2f | %+.2f |\n", base, float64((eu.p50-o.p50).Microseconds())/1000,
					float64((eu.p95-o.p95).Microseconds())/1000)
			}
		}
	}
	dir := "benchout"
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, "search-enduser-"+now.Format("20060102T150405Z")+".md")
	if err := os.WriteFile(path, []byte(w.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Logf("report written to tests/go/%s", path)
}
