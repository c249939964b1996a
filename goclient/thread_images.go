package agentmemory

import (
	"context"
	"fmt"
)

// The image calls of a Thread (docs/protocol-threads.md §7a): standalone
// images of the thread, one package call each.

// AddImage stores a standalone image in the thread with the thread's scope
// (the seed's add_image) and returns its id and the package's warnings.
func (t *Thread) AddImage(ctx context.Context, im ThreadImage) (*AddImageResult, error) {
	const op = "Thread.AddImage"
	w := addThreadImageWire{Thread: t.id, Image: im.Bytes, Description: im.Description, MimeType: im.MimeType,
		ImageID: im.ID, threadScopeWire: threadScopeWire{UserID: im.UserID, AgentID: im.AgentID, ThreadID: im.ThreadID,
			Metadata: im.Metadata, Timestamp: timePtr(im.Timestamp), TTLDays: im.TTLDays, TTLAnchor: im.TTLAnchor}}
	var res AddImageResult
	err := t.store.recordCall(ctx, op, blockThreadAddImage, w, &res, func() error {
		if res.ID == "" {
			return malformed(op, fmt.Errorf(`no "id"`))
		}
		return checkTasks(op, res.LLMTasks)
	})
	if err != nil {
		return nil, err
	}
	return &res, t.afterWrite(ctx, &res.LLMOutcome)
}

// ListImages returns the thread's images that match o, in store order (the
// seed's list_images).
func (t *Thread) ListImages(ctx context.Context, o ImageListOptions) ([]*ImageRecord, error) {
	req := listThreadImagesWire{Thread: t.id, ImageID: o.ImageID, MetadataFilter: o.MetadataFilter,
		IncludeBytes: o.IncludeBytes, Limit: o.Limit}
	return recordList[*ImageRecord](ctx, t, "Thread.ListImages", blockThreadListImages, req, "images")
}

// UpdateImage changes a standalone image of the thread (the seed's
// update_image); Updated 0 when it is not the thread's.
func (t *Thread) UpdateImage(ctx context.Context, imageID string, u ImageUpdate) (*UpdateResult, error) {
	w := updateThreadImageWire{Thread: t.id, ImageID: imageID, Image: u.Bytes, MimeType: u.MimeType,
		Description: u.Description, Metadata: u.Metadata, Timestamp: sentTime(u.Timestamp),
		TTLDays: u.TTLDays, TTLAnchor: u.TTLAnchor}
	return t.updateWithLLM(ctx, "Thread.UpdateImage", blockThreadUpdateImage, w)
}

// DeleteImage deletes a standalone image of the thread (the seed's
// delete_image) and returns 1, or 0 when it is not the thread's. An image
// that is part of a message is refused (ErrInvalidArgument).
func (t *Thread) DeleteImage(ctx context.Context, imageID string) (int, error) {
	return t.store.deleteCall(ctx, "Thread.DeleteImage", blockThreadDeleteImage,
		threadItemWire{Thread: t.id, ImageID: imageID})
}
