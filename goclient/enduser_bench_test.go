package agentmemory

import (
	"database/sql"
	"testing"
)

// BenchmarkEndUserCall: one Store.Get over the fake driver (the response of
// the get_record contract fixture "memory"), from a plain Store (plain) and
// from the same Store bound with ForEndUser (end-user): what the one-block
// wrapper costs the client per call, i.e. the longer block text and the
// :b_end_user bind. Both arms include the fake driver's own work
// (recording the call, checking the binds), so compare them with each
// other, not with a real driver's call.
func BenchmarkEndUserCall(b *testing.B) {
	resp := readFixture(b, "../tests/go/testdata/contract/get_record/memory.response.json")
	f, db := newFakeDB(answer(resp))
	base := NewTestStore(db, StoreInfo{MemoryStoreID: "MEM01", SchemaOwner: "APP", Status: StatusReady})
	for _, arm := range []struct {
		name  string
		store *Store
	}{{"plain", base}, {"end-user", base.ForEndUser("alice@example.com")}} {
		b.Run(arm.name, func(b *testing.B) {
			ctx := b.Context()
			f.forget()
			if _, err := arm.store.Get(ctx, RecordTypeMemory, "m1"); err != nil {
				b.Fatal(err)
			}
			_, bound := f.Calls()[0].Args[endUserBind]
			if _, want := arm.store.EndUser(); bound != want {
				b.Fatalf("%s: :%s bound = %t", arm.name, endUserBind, bound)
			}
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				rec, err := arm.store.Get(ctx, RecordTypeMemory, "m1")
				if err != nil || rec.RecordID() != "m1" {
					b.Fatal(rec, err)
				}
				// The fake keeps every call; forget them now and then so that
				// its growing lists do not weigh on long runs.
				if n++; n%1024 == 0 {
					f.forget()
				}
			}
		})
	}
}

// BenchmarkForEndUser: binding a Store to an end user (no round trip: a
// copy of the Store with its handle wrapped), as a server does once per
// request before its calls.
func BenchmarkForEndUser(b *testing.B) {
	_, db := newFakeDB(answer(""))
	s := NewTestStore(db, StoreInfo{MemoryStoreID: "MEM01", SchemaOwner: "APP", Status: StatusReady})
	b.ReportAllocs()
	for b.Loop() {
		if u, ok := s.ForEndUser("alice@example.com").EndUser(); !ok || u != "alice@example.com" {
			b.Fatal(u, ok)
		}
	}
}

// forget drops the calls and events recorded so far (benchmarks only).
func (f *fakeDB) forget() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls, f.events = f.calls[:0], f.events[:0]
}

// BenchmarkEndUserWrap: the client's own part of the wrapper, without a
// driver: wrapping a call's block and adding the :b_end_user bind
// (forEndUser), for a handle with an end user and for a plain one.
func BenchmarkEndUserWrap(b *testing.B) {
	_, db := newFakeDB(answer(""))
	args := []any{sql.Named("b_store_id", "MEM01"), sql.Named("b_request", `{"record_type":"memory","record_id":"m1"}`),
		sql.Named("b_schema_owner", "APP")}
	for _, arm := range []struct {
		name string
		h    DBTX
	}{{"plain", db}, {"end-user", WithEndUser(db, "alice@example.com")}} {
		b.Run(arm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				block, out := forEndUser(arm.h, blockGetRecord, args)
				if len(block) < len(blockGetRecord) || len(out) < len(args) {
					b.Fatal(block, out)
				}
			}
		})
	}
}
