from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'COVERAGE.md.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_file = resolve('file')
    l_0_operations = resolve('operations')
    l_0_skipped = resolve('skipped')
    l_0_repairs = resolve('repairs')
    l_0_renames = resolve('renames')
    l_0_notes = resolve('notes')
    l_0_entry = missing
    try:
        t_1 = environment.filters['code']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'code' found.")
    try:
        t_2 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_3 = environment.filters['oneline']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'oneline' found.")
    pass
    def macro(l_1_r, l_1_origin):
        t_4 = []
        if l_1_r is missing:
            l_1_r = undefined("parameter 'r' was not provided", name='r')
        if l_1_origin is missing:
            l_1_origin = undefined("parameter 'origin' was not provided", name='origin')
        pass
        t_4.extend((
            '- ',
            str(t_1(environment.getattr(l_1_r, 'pointer'))),
        ))
        if l_1_origin:
            pass
            t_4.extend((
                ' (',
                str(t_1(l_1_origin)),
            ))
            if environment.getattr(l_1_r, 'line'):
                pass
                t_4.extend((
                    ' line ',
                    str(environment.getattr(l_1_r, 'line')),
                ))
            t_4.append(
                ')',
            )
        elif environment.getattr(l_1_r, 'line'):
            pass
            t_4.extend((
                ' (line ',
                str(environment.getattr(l_1_r, 'line')),
                ')',
            ))
        t_4.extend((
            ': ',
            str(t_1(environment.getattr(l_1_r, 'problem'))),
            ': ',
            str(t_3(environment.getattr(l_1_r, 'action'))),
        ))
        return concat(t_4)
    context.exported_vars.add('entry')
    context.vars['entry'] = l_0_entry = Macro(environment, macro, 'entry', ('r', 'origin'), False, False, False, context.eval_ctx.autoescape)
    yield '# What this package covers of its document\n\nGenerated from '
    yield str(t_1((undefined(name='file') if l_0_file is missing else l_0_file)))
    yield ': '
    yield str(((undefined(name='operations') if l_0_operations is missing else l_0_operations) - t_2((undefined(name='skipped') if l_0_skipped is missing else l_0_skipped))))
    yield ' of '
    yield str((undefined(name='operations') if l_0_operations is missing else l_0_operations))
    yield ' operations.\n'
    if ((undefined(name='repairs') if l_0_repairs is missing else l_0_repairs) or (undefined(name='skipped') if l_0_skipped is missing else l_0_skipped)):
        pass
        yield 'The document has problems that the generator repaired or could not get around; each is listed\nbelow. Generate with `--strict` to refuse such a document instead.\n'
    if (undefined(name='skipped') if l_0_skipped is missing else l_0_skipped):
        pass
        yield '\n## Operations left out ('
        yield str(t_2((undefined(name='skipped') if l_0_skipped is missing else l_0_skipped)))
        yield ')\n\n'
        l_1_loop = missing
        for l_1_s, l_1_loop in LoopContext((undefined(name='skipped') if l_0_skipped is missing else l_0_skipped), undefined):
            _loop_vars = {}
            pass
            yield '- '
            yield str(t_1(environment.getattr(l_1_s, 'label')))
            yield ' ('
            yield str(t_1(environment.getattr(l_1_s, 'pointer')))
            yield '): '
            l_2_loop = missing
            for l_2_reason, l_2_loop in LoopContext(environment.getattr(l_1_s, 'reasons'), undefined):
                _loop_vars = {}
                pass
                yield str(t_1(l_2_reason))
                yield str(('; ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 18 in 'COVERAGE.md.jinja' evaluated to false and no else section was defined.")))
            l_2_loop = l_2_reason = missing
            yield '\n'
        l_1_loop = l_1_s = missing
    if (undefined(name='repairs') if l_0_repairs is missing else l_0_repairs):
        pass
        yield '\n## Repairs ('
        yield str(t_2((undefined(name='repairs') if l_0_repairs is missing else l_0_repairs)))
        yield ')\n\n'
        for (l_1_r, l_1_origin) in (undefined(name='repairs') if l_0_repairs is missing else l_0_repairs):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='entry') if l_0_entry is missing else l_0_entry), l_1_r, l_1_origin, _loop_vars=_loop_vars))
            yield '\n'
        l_1_r = l_1_origin = missing
    if (undefined(name='renames') if l_0_renames is missing else l_0_renames):
        pass
        yield '\n## Names changed ('
        yield str(t_2((undefined(name='renames') if l_0_renames is missing else l_0_renames)))
        yield ')\n\nNames the document gives that the generated code cannot use as they are (a Python keyword, a\nname another one already takes); the document is valid as it is, and `--strict` keeps them.\n\n'
        for (l_1_r, l_1_origin) in (undefined(name='renames') if l_0_renames is missing else l_0_renames):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='entry') if l_0_entry is missing else l_0_entry), l_1_r, l_1_origin, _loop_vars=_loop_vars))
            yield '\n'
        l_1_r = l_1_origin = missing
    if (undefined(name='notes') if l_0_notes is missing else l_0_notes):
        pass
        yield "\n## Read the generator's way ("
        yield str(t_2((undefined(name='notes') if l_0_notes is missing else l_0_notes)))
        yield ")\n\nParts of the document that the generated code reads in a way of its own (a header parameter\nOpenAPI ignores, left out of the method; a HEAD answer's body, never read); the document is\nvalid as it is, and `--strict` keeps them.\n\n"
        for (l_1_r, l_1_origin) in (undefined(name='notes') if l_0_notes is missing else l_0_notes):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='entry') if l_0_entry is missing else l_0_entry), l_1_r, l_1_origin, _loop_vars=_loop_vars))
            yield '\n'
        l_1_r = l_1_origin = missing

blocks = {}
debug_info = '3=36&4=45&8=79&9=85&13=88&15=91&17=94&18=98&22=111&24=114&26=116&27=119&30=122&32=125&37=127&38=130&41=133&43=136&49=138&50=141'