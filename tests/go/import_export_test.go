package integration

// Live round trip of agentmem export and import (issue 16, part 4;
// docs/import-export.md): a KEYWORD store gets one record of every kind
// through the Go client (ids, scope, metadata with a 20-digit number,
// statuses (an INVALID profile), event timestamps, both TTL anchors, message image parts,
// relations), is exported with the CLI, imported into a new store, and
// exported again: the two files must be equal byte for byte. Also:
// --dry-run writes nothing, and an import stopped by a refused batch
// continues with the --from-line it names. Without ORACLE_DSN it skips.

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// tinyPNG is the 8-byte PNG signature and an IHDR start: the store does not
// inspect image bytes, the round trip only has to keep them.
var tinyPNG = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'}

func fillTransferStore(t *testing.T, ctx context.Context, s *agentmemory.Store) {
	t.Helper()
	future := time.Date(2099, 3, 1, 9, 30, 0, 250000000, time.UTC)
	_, err := s.Add(ctx,
		agentmemory.UserProfile{ID: "u1", Information: "Likes trains", Metadata: map[string]any{"tier": "gold"}},
		agentmemory.AgentProfile{ID: "a1", Information: "Travel agent"},
		agentmemory.NewThread{ID: "t1", UserID: "u1", AgentID: "a1", Text: "Trip planning", Timestamp: future},
		agentmemory.Message{ID: "msg1", ThreadID: "t1", UserID: "u1", Role: "user", Text: "Window seat, please",
			TTLDays: agentmemory.Some(30)},
		agentmemory.Message{ID: "msg2", ThreadID: "t1", UserID: "u1", Role: "assistant", TTLDays: agentmemory.None[int](),
			Parts: []agentmemory.MessageContent{agentmemory.TextContent{ID: "p1", Text: "Here is the map <& more>"},
				agentmemory.ImageContent{ID: "img-p1", MimeType: agentmemory.ImagePNG, Bytes: tinyPNG,
					Description: agentmemory.Some("Map of Rome")}}},
		agentmemory.Memory{ID: "m1", UserID: "u1", Text: "Prefers window seats", Timestamp: future,
			Metadata: map[string]any{"big": json.Number("12345678901234567890"), "tags": []any{"travel"}},
			TTLDays:  agentmemory.Some(7), TTLAnchor: agentmemory.TTLFromTimestamp},
		agentmemory.Memory{ID: "m2", ThreadID: "t1", Text: "Budget is 2000 EUR", TTLDays: agentmemory.Some(90)},
		agentmemory.Memory{Type: agentmemory.RecordTypeFact, ID: "f1", UserID: "u1", Text: "Lives in Turin",
			Status: agentmemory.RecordInvalid, TTLDays: agentmemory.None[int]()},
		agentmemory.Memory{Type: agentmemory.RecordTypeGuideline, ID: "g1", Text: "Answer in Italian"},
		agentmemory.Memory{Type: agentmemory.RecordTypePreference, ID: "pr1", UserID: "u1", Text: "Trains over planes"},
		agentmemory.Summary{ID: "s1", ThreadID: "t1", Object: map[string]any{"text": "A trip to Rome", "turns": json.Number("2")}},
		agentmemory.Image{ID: "img1", UserID: "u1", Bytes: tinyPNG, MimeType: agentmemory.ImagePNG, Description: "A ticket",
			TTLDays: agentmemory.Some(10)},
	)
	require.NoError(t, err, "filling the source store")
	// A profile's status and event timestamp can only be set by an update:
	// the import must do the same (in the add's transaction).
	_, err = s.Update(ctx, agentmemory.UpdateRequest{RecordType: agentmemory.RecordTypeAgentProfile, RecordID: "a1",
		Status: agentmemory.RecordInvalid, Timestamp: agentmemory.Some(future)})
	require.NoError(t, err, "marking agent a1 INVALID")
	_, err = s.AddRelations(ctx,
		agentmemory.Relation{ID: "r1", Source: agentmemory.RecordRef{Type: "memory", ID: "m1"},
			Target: agentmemory.RecordRef{Type: "preference", ID: "pr1"}, Type: agentmemory.RelationSupports,
			Timestamp: future, Metadata: map[string]any{"why": "same trip"}},
		agentmemory.Relation{ID: "r2", Source: agentmemory.RecordRef{Type: "guideline", ID: "g1"},
			Target: agentmemory.RecordRef{Type: "memory", ID: "m2"}, Type: "applies_to", OppositeType: "governed_by"},
	)
	require.NoError(t, err, "adding relations")
}

func TestExportImportRoundTripLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	src := createKeyword(t, ctx, db)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: src})
	require.NoError(t, err)
	fillTransferStore(t, ctx, s)
	dir := t.TempDir()
	first := filepath.Join(dir, "first.jsonl")
	_, errOut, err := runCLI(t, "export", "--store", src, "--output", first)
	require.NoError(t, err, errOut)
	firstText, err := os.ReadFile(first)
	require.NoError(t, err)
	assert.Contains(t, string(firstText), `"kind":"end","counts":{"agent_profile":1,"fact":1,"guideline":1,"image":1,"memory":2,"message":2,"preference":1,"relation":2,"thread":1,"thread_summary":1,"user_profile":1}`)

	dst := createKeyword(t, ctx, db)
	out, errOut, err := runCLI(t, "import", "--store", dst, "--dry-run", first)
	require.NoError(t, err, errOut)
	assert.Equal(t, "dry run: 12 records and 2 relations are valid; nothing was written\n", out)
	d, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: dst})
	require.NoError(t, err)
	recs, err := d.List(ctx, agentmemory.ListRequest{RecordType: agentmemory.RecordTypeThread})
	require.NoError(t, err)
	assert.Empty(t, recs, "--dry-run rolled back")

	out, errOut, err = runCLI(t, "import", "--store", dst, "--batch-size", "4", first)
	require.NoError(t, err, errOut)
	assert.Equal(t, "imported 12 records and 2 relations\n", out)
	second := filepath.Join(dir, "second.jsonl")
	_, errOut, err = runCLI(t, "export", "--store", dst, "--output", second)
	require.NoError(t, err, errOut)
	secondText, err := os.ReadFile(second)
	require.NoError(t, err)
	assert.Equal(t, string(firstText), string(secondText), "export → import → export gives the same file")

	got, err := d.Get(ctx, agentmemory.RecordTypeMemory, "m1")
	require.NoError(t, err)
	want, err := s.Get(ctx, agentmemory.RecordTypeMemory, "m1")
	require.NoError(t, err)
	assert.Equal(t, want.Common().ExpiresAt, got.Common().ExpiresAt, "a TIMESTAMP-anchored expiry keeps its instant")
	assert.Equal(t, want.Common().EventTimestamp, got.Common().EventTimestamp)
}

// An import stopped by a refused batch names the line to continue from;
// continuing there completes the store.
func TestImportResumesLive(t *testing.T) {
	db := livedb.Open(t)
	ctx := storeContext(t)
	src := createKeyword(t, ctx, db)
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: src})
	require.NoError(t, err)
	fillTransferStore(t, ctx, s)
	file := filepath.Join(t.TempDir(), "store.jsonl")
	_, errOut, err := runCLI(t, "export", "--store", src, "--output", file)
	require.NoError(t, err, errOut)

	dst := createKeyword(t, ctx, db)
	d, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: dst})
	require.NoError(t, err)
	_, err = d.Add(ctx, agentmemory.Memory{Type: agentmemory.RecordTypeGuideline, ID: "g1", Text: "in the way"})
	require.NoError(t, err)
	_, errOut, err = runCLI(t, "import", "--store", dst, "--batch-size", "2", file)
	require.Error(t, err, "g1 exists: DUPLICATE_ID")
	m := regexp.MustCompile(`--from-line (\d+) `).FindStringSubmatch(errOut)
	require.NotNil(t, m, errOut)
	assert.Contains(t, errOut, "DUPLICATE_ID")

	_, err = d.Delete(ctx, agentmemory.RecordTypeGuideline, "g1")
	require.NoError(t, err)
	out, errOut, err := runCLI(t, "import", "--store", dst, "--batch-size", "2", "--from-line", m[1], file)
	require.NoError(t, err, errOut)
	assert.Contains(t, out, "imported ")
	again := filepath.Join(t.TempDir(), "again.jsonl")
	_, errOut, err = runCLI(t, "export", "--store", dst, "--output", again)
	require.NoError(t, err, errOut)
	a, _ := os.ReadFile(file)
	b, _ := os.ReadFile(again)
	assert.Equal(t, string(a), string(b), "the resumed import completes the store")
}
