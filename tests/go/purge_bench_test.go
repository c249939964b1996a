package integration

// The live purge benchmark (issue 15, Tests and performance): purge
// throughput in rows per second on a store holding EXPIRED expired memories
// among TOTAL, without and with concurrent writers, and the longest
// transaction of the run. It needs ORACLE_DSN and runs only when asked:
//
//	go test -run '^$' -bench PurgeLive -benchtime 1x -timeout 6h ./tests/go
//
// The size is 1,000,000 expired of 2,000,000 (the default);
// AGENTMEM_BENCH_PURGE_TOTAL sets a smaller total for a quick look (half
// of it expires). The longest transaction is measured from the run's log
// row, which the purge updates after every committed batch: the largest
// gap between two updates seen by a poller every 50 ms (so it is exact to
// about 50 ms, and includes the batch's commit). Results go to the
// benchmark output (b.ReportMetric) for docs/benchmarks.md.

import (
	"context"
	"database/sql"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

const purgeBenchLoadBatch = 1000 // memories per add_records call

func purgeBenchTotal(b *testing.B) int {
	if s := os.Getenv("AGENTMEM_BENCH_PURGE_TOTAL"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 2*purgeBenchLoadBatch {
			b.Fatalf("AGENTMEM_BENCH_PURGE_TOTAL=%q: want a whole number of at least %d", s, 2*purgeBenchLoadBatch)
		}
		return n
	}
	return 2_000_000
}

func BenchmarkPurgeLive(b *testing.B) {
	db := livedb.Open(b)
	total := purgeBenchTotal(b)
	for _, writers := range []int{0, 4} {
		b.Run("writers="+strconv.Itoa(writers), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				ctx := context.Background()
				id := createKeyword(b, ctx, db)
				b.Cleanup(func() { _ = agentmemory.DropStore(context.Background(), db, id) })
				for i := 0; i < total/2; i += purgeBenchLoadBatch {
					addMemories(b, ctx, db, id, "old"+strconv.Itoa(i), purgeBenchLoadBatch, true)
					addMemories(b, ctx, db, id, "live"+strconv.Itoa(i), purgeBenchLoadBatch, false)
				}
				b.StartTimer()
				rows, elapsed, longest, written := purgeOnce(b, ctx, db, id, writers)
				b.StopTimer()
				b.ReportMetric(float64(rows)/elapsed.Seconds(), "rows/s")
				b.ReportMetric(float64(longest.Milliseconds()), "longest-txn-ms")
				b.ReportMetric(float64(written), "concurrent-writes")
				b.Logf("store %s: %d of %d memories expired; purge deleted %d rows (records and chunks) in %s; "+
					"longest transaction about %s; %d concurrent writer calls", id, total/2, total, rows, elapsed,
					longest, written)
			}
		})
	}
}

// purgeOnce runs the purge to the end (runs continue where the budget
// stopped the previous one) while writers add live memories.
func purgeOnce(b *testing.B, ctx context.Context, db *sql.DB, id string, writers int) (int64, time.Duration, time.Duration, int64) {
	stop := make(chan struct{})
	var written atomic.Int64
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				if err := addMemoriesErr(ctx, db, id, "w"+strconv.Itoa(w)+"-"+strconv.Itoa(n), 10, false); err != nil {
					b.Errorf("concurrent writer %d: %v", w, err)
					return
				}
				written.Add(1)
			}
		}()
	}
	var longest time.Duration
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		last, lastAt := int64(-1), time.Now()
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				runs, err := agentmemory.JobHistory(ctx, db, id, "", agentmemory.HistoryOptions{Job: agentmemory.JobPurge, Limit: 1})
				if err != nil || len(runs) == 0 || runs[0].Outcome != agentmemory.RunRunning {
					continue
				}
				if runs[0].RowsAffected != last {
					if last >= 0 && time.Since(lastAt) > longest {
						longest = time.Since(lastAt)
					}
					last, lastAt = runs[0].RowsAffected, time.Now()
				}
			}
		}
	}()
	start := time.Now()
	var rows int64
	for {
		run, err := agentmemory.RunJob(ctx, db, id, agentmemory.JobPurge, agentmemory.RunJobOptions{TimeBudget: time.Hour})
		if err != nil {
			close(stop)
			b.Fatalf("purge: %v", err)
		}
		rows += run.RowsAffected
		if run.Outcome != agentmemory.RunPartial {
			break
		}
	}
	elapsed := time.Since(start)
	close(stop)
	wg.Wait()
	<-polled
	return rows, elapsed, longest, written.Load()
}
