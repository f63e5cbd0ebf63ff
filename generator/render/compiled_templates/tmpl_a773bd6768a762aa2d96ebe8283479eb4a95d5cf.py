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
    l_0_entry = l_0_section = missing
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
    def macro(l_1_title, l_1_listed, l_1_about):
        t_5 = []
        if l_1_title is missing:
            l_1_title = undefined("parameter 'title' was not provided", name='title')
        if l_1_listed is missing:
            l_1_listed = undefined("parameter 'listed' was not provided", name='listed')
        if l_1_about is missing:
            l_1_about = ''
        pass
        if l_1_listed:
            pass
            t_5.extend((
                '\n## ',
                str(l_1_title),
                ' (',
                str(t_2(l_1_listed)),
                ')\n\n',
            ))
            if l_1_about:
                pass
                t_5.extend((
                    str(l_1_about),
                    '\n\n',
                ))
            for (l_2_r, l_2_origin) in l_1_listed:
                _loop_vars = {}
                pass
                t_5.extend((
                    str(context.call((undefined(name='entry') if l_0_entry is missing else l_0_entry), l_2_r, l_2_origin, _loop_vars=_loop_vars)),
                    '\n',
                ))
            l_2_r = l_2_origin = missing
        return concat(t_5)
    context.exported_vars.add('section')
    context.vars['section'] = l_0_section = Macro(environment, macro, 'section', ('title', 'listed', 'about'), False, False, False, context.eval_ctx.autoescape)
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
                yield str(('; ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 34 in 'COVERAGE.md.jinja' evaluated to false and no else section was defined.")))
            l_2_loop = l_2_reason = missing
            yield '\n'
        l_1_loop = l_1_s = missing
    yield str(context.call((undefined(name='section') if l_0_section is missing else l_0_section), 'Repairs', (undefined(name='repairs') if l_0_repairs is missing else l_0_repairs)))
    yield str(context.call((undefined(name='section') if l_0_section is missing else l_0_section), 'Names changed', (undefined(name='renames') if l_0_renames is missing else l_0_renames), 'Names the document gives that the generated code cannot use as they are (a Python keyword, a\nname another one already takes); the document is valid as it is, and `--strict` keeps them.'))
    yield str(context.call((undefined(name='section') if l_0_section is missing else l_0_section), "Read the generator's way", (undefined(name='notes') if l_0_notes is missing else l_0_notes), "Parts of the document that the generated code reads in a way of its own (a header parameter\nOpenAPI ignores, left out of the method; a HEAD answer's body, never read); the document is\nvalid as it is, and `--strict` keeps them."))

blocks = {}
debug_info = '3=36&4=45&8=78&9=87&11=91&13=96&14=99&17=102&18=106&24=114&25=120&29=123&31=126&33=129&34=133&38=146&39=147&41=148'