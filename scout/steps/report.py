"""Step kind ``report`` (F6): render the report through the kind's Jinja template.

The Markdown template (``with.template``) is the one an author writes per research kind;
without one, the built-in default report (scout/report/builtin) shows every artifact;
``report.html`` is the same content turned into self-contained HTML (inline CSS, no
external resources) by markdown-it with raw HTML disabled, so web text cannot inject
markup. Templates see the Task, every needed artifact by name, ``mission`` (phase states,
costs and notices from the journal, the DAG as mermaid) and ``citations``. Both are
rendered in the request's language (``task.lang``; scout/report/render.py).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from scout.errors import StepError, TemplateRenderError
from scout.fsutil import write_atomic
from scout.i18n import N_
from scout.report.blocks import end_tables
from scout.report.context import MissionView
from scout.report.kindwords import enum_words
from scout.report.citations import Citations, provenance, titles
from scout.report.render import (
    DEFAULT_TEMPLATE,
    catalog_files,
    heading as _heading,
    make_report_env,
    markdown_to_html,
    resolve_template,
    template_files,
)
from scout.report.tables import sections
from scout.report.locate import render_error_location
from scout.schemas.records import Report
from scout.spec.sandboxsize import SandboxLimit, limit_error
from scout.stepkit.context import StepContext
from scout.stepkit.params import ReportParams
from scout.schemas.ratingscale import candidates_in, rating_scale
from scout.steps.report_outputs import data_formats, html_body

HTML_WRAPPER = "report.html.j2"


def files_read(params: ReportParams, root: Path) -> list[Path]:
    """Templates and project catalogs this phase reads (part of its fingerprint: editing
    one reruns only F6)."""
    names = [params.template or DEFAULT_TEMPLATE]
    if "html" in params.formats:
        names.append(params.html_template or HTML_WRAPPER)
    templates = root / "templates"
    return template_files(templates, names) + catalog_files(templates)


def run(ctx: StepContext) -> Report:
    params = ctx.params
    assert isinstance(params, ReportParams)
    templates = ctx.root / "templates"
    name = params.template or DEFAULT_TEMPLATE
    if resolve_template(templates, name) is None:
        raise StepError(f"phase {ctx.phase_id}: template {name!r} not found in "
                        f"{templates}", hint=N_("with.template names a file under templates/"))
    lang = getattr(ctx.task, "lang", None) or "en"
    # the kind's ("93/100" for wines), else the one its sources stated ratings on
    scale = rating_scale(ctx.task, candidates_in(ctx.inputs))
    env = make_report_env(templates, lang, rating_scale=scale,
                          words=enum_words(getattr(ctx.pipeline, "inputs", None)),
                          units=getattr(ctx.task, "shown_units", None))
    if ctx.mission is not None:
        mission: Any = ctx.mission.view(current_phase=ctx.phase_id)
    else:  # a StepContext built by hand (tests, python: callers) may pass a view in extras
        mission = ctx.extras.get("mission_view")
        if callable(mission):
            mission = mission(current_phase=ctx.phase_id)
    if not isinstance(mission, MissionView):
        mission = MissionView(mission_id=ctx.mission_id, pipeline=ctx.pipeline.name)
    title = (ctx.say or ctx.render)(params.title) if (params.title and ctx.render) else (
        ctx.pipeline.description or ctx.pipeline.name)
    context: dict[str, Any] = {
        **ctx.inputs,
        "task": ctx.task,
        "artifacts": ctx.inputs,
        "mission": mission,
        "citations": Citations(provenance(ctx.pipeline, ctx.inputs), titles(ctx.inputs)),
        "title": title,
        "pipeline": ctx.pipeline,
    }
    if params.template is None:  # the default report: every artifact as a table
        context["sections"] = sections({k: v for k, v in ctx.inputs.items() if k != "task"},
                                       lang, scale)
        context["syntheses"] = [v for v in ctx.inputs.values()
                                if type(v).__name__ == "Synthesis"]
    # a line the template wrote straight under a table is its own paragraph, not a row
    md_text = end_tables(_render(env, name, context, ctx.phase_id, templates))
    files = {"md": "report.md"}
    write_atomic(ctx.run_dir / "report.md", md_text)
    digests = {"md": hashlib.sha256(md_text.encode()).hexdigest()}
    if "html" in params.formats:
        body = html_body(ctx, markdown_to_html(md_text), mission, context["citations"])
        html = _render(env, params.html_template or HTML_WRAPPER,
                       {"title": _heading(md_text) or title, "body_html": body,
                        "mission": mission}, ctx.phase_id, templates)
        write_atomic(ctx.run_dir / "report.html", html)
        files["html"] = "report.html"
        digests["html"] = hashlib.sha256(html.encode()).hexdigest()
    data_formats(ctx, params, title, files, digests)
    return Report(title=title, files=files, sha256=digests, citations=len(context["citations"]))


def _render(env: Any, name: str, context: dict[str, Any], phase_id: str,
            templates: Path) -> str:
    """Render one template; a template mistake becomes a located user error (SPEC056)."""
    from jinja2 import TemplateError

    try:
        return env.get_template(name).render(context)
    except SandboxLimit as exc:  # a bound of the sandbox (RUN020), before other errors:
        # SandboxLimit is a jinja2 SecurityError, itself a TemplateError
        raise limit_error(exc, f"phase {phase_id}: report template {name!r}") from exc
    except (TemplateError, TypeError, ValueError, ArithmeticError, LookupError,
            AttributeError) as exc:  # a filter given the wrong value is the template's too
        where, what = render_error_location(exc, name, templates)
        raise TemplateRenderError(
            f"{where}: phase {phase_id}: report template {name} failed: {what}", location=where,
            hint=N_("run 'scout validate' on the pipeline: it checks templates before a run")
        ) from None
