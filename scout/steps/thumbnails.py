"""Step kind ``thumbnails``: ``download: true`` for photos — keep small copies in the run dir.

For each gallery of the ``photos`` artifact, the first ``per_subject`` photos are sent
through the phase's chain (``thumbnails``: the ``thumbnail`` adapter, which fetches
through the page adapter's SSRF guard, refuses non-images and oversized bodies, and
re-encodes what it got with Pillow). Each thumbnail is written once to
``photos/<sha256>.jpg|png`` (atomically; the name is its content's hash, so a rerun
writes nothing new) and the photo records the path and hash. ``report.html`` embeds
those files as ``data:`` URIs and shows no other picture, so opening it makes the
reader's browser call no third-party host; a photo whose download failed keeps only
its link and credit.

Why a phase of its own and not a flag of ``uses: images``: a step gets one gateway (one
chain). Downloads go to other hosts than the image search, with their own rate cap,
retry and cache (the ``thumbnail`` adapter's), and are journaled and priced apart; as a
phase they can be skipped (``if:``), forced or resumed without searching again.
"""

from __future__ import annotations

import base64
import binascii
import hashlib

from scout.i18n import N_, N_plural
from scout.errors import ProviderError, StepError
from scout.fsutil import make_own_dirs, write_atomic
from scout.adapters.contract import ThumbnailRequest
from scout.schemas.sources import Gallery, PhotoSet, Thumbnail
from scout.stepkit.context import StepContext
from scout.stepkit.params import ThumbnailsParams

FOLDER = "photos"
EXT = {"image/jpeg": "jpg", "image/png": "png"}


def store(ctx: StepContext, thumb: Thumbnail) -> tuple[str, str]:
    """Write the thumbnail under photos/ (content-addressed); its path and sha256."""
    try:
        data = base64.b64decode(thumb.data_b64, validate=True)
    except (binascii.Error, ValueError):
        raise StepError(f"phase {ctx.phase_id}: the thumbnail of {thumb.url} is not "
                        "base64 (a damaged cache or recording)") from None
    digest = hashlib.sha256(data).hexdigest()
    rel = f"{FOLDER}/{digest}.{EXT[thumb.media_type]}"
    path = ctx.run_dir / rel
    if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
        make_own_dirs(path.parent)
        write_atomic(path, data)
    return rel, digest


def run(ctx: StepContext) -> PhotoSet:
    params = ctx.params
    assert isinstance(params, ThumbnailsParams)
    if ctx.gateway is None:
        raise StepError(f"phase {ctx.phase_id}: thumbnails needs a chain (thumbnails)")
    source = ctx.inputs.get(params.photos)
    if not isinstance(source, PhotoSet):
        raise StepError(f"phase {ctx.phase_id}: needs the photos artifact '{params.photos}'",
                        hint=N_("add '{name}' to its needs").format(name=params.photos))
    galleries: list[Gallery] = []
    notes = list(source.notes)
    stored = failed = 0
    for g in source.galleries:
        photos = []
        for i, photo in enumerate(g.photos):
            if i >= params.per_subject or ctx.cancelled():
                photos.append(photo)
                continue
            try:
                outcome = ctx.gateway.call(ThumbnailRequest(url=photo.image_url,
                                                            max_side=params.max_side))
            except ProviderError as exc:
                # one host refusing (404, not an image, too big, private address) costs
                # that photo its thumbnail, not the gallery: it keeps its link and credit
                failed += 1
                notes.append(N_("no thumbnail of {subject} from {source} ({code}: {reason})").format(
                    subject=g.name or g.subject, source=photo.source or N_("a photo"),
                    code=exc.code, reason=exc.message.split(": ", 1)[-1][:160]))
                photos.append(photo)
                continue
            rel, digest = store(ctx, outcome.value)
            stored += 1
            photos.append(photo.model_copy(update={"thumbnail": rel,
                                                   "thumbnail_sha256": digest}))
        galleries.append(g.model_copy(update={"photos": photos}))
    notes.append((N_plural("{count} thumbnail stored under {folder}/, {failed} could not be "
                           "fetched", "{count} thumbnails stored under {folder}/, {failed} "
                           "could not be fetched", stored) if failed else
                  N_plural("{count} thumbnail stored under {folder}/",
                           "{count} thumbnails stored under {folder}/", stored)
                  ).format(count=stored, folder=FOLDER, failed=failed))
    return PhotoSet(galleries=galleries, notes=notes, skipped=source.skipped)
