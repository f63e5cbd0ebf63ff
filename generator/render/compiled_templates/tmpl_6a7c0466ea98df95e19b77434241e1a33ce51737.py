from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'api.md.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_title = resolve('title')
    l_0_package = resolve('package')
    l_0_client_options = resolve('client_options')
    l_0_methods = resolve('methods')
    l_0_models = resolve('models')
    try:
        t_1 = environment.filters['code']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'code' found.")
    try:
        t_2 = environment.filters['oneline']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'oneline' found.")
    pass
    yield '# '
    yield str(t_2((undefined(name='title') if l_0_title is missing else l_0_title)))
    yield ': methods and models\n\nEvery method of `'
    yield str((undefined(name='package') if l_0_package is missing else l_0_package))
    yield '.Client` (`AsyncClient` has the same, to be awaited) and every\nmodel of `'
    yield str((undefined(name='package') if l_0_package is missing else l_0_package))
    yield '.models`. Each method also takes `'
    yield str((undefined(name='client_options') if l_0_client_options is missing else l_0_client_options))
    yield "`;\narguments left out are not sent (`NOT_GIVEN`). A model's fields are listed by the attribute\ncode reads (`model.user_name`), with the field's name on the wire beside it where it differs.\n"
    for (l_1_resource, l_1_entries) in (undefined(name='methods') if l_0_methods is missing else l_0_methods):
        _loop_vars = {}
        pass
        yield '\n## `client.'
        yield str(environment.getattr(l_1_resource, 'attr'))
        yield '` ('
        yield str(environment.getattr(l_1_resource, 'class_name'))
        yield ')\n'
        for l_2_entry in l_1_entries:
            _loop_vars = {}
            pass
            yield '\n### `'
            yield str(environment.getattr(l_2_entry, 'call'))
            yield '`: `'
            yield str(environment.getattr(l_2_entry, 'http'))
            yield '`'
            yield str((' (deprecated)' if environment.getattr(l_2_entry, 'deprecated') else cond_expr_undefined("the inline if-expression on line 12 in 'api.md.jinja' evaluated to false and no else section was defined.")))
            yield '\n\n'
            if environment.getattr(l_2_entry, 'deprecated'):
                pass
                yield "**Deprecated**: the API's document marks this operation deprecated; type checkers flag calls\nto it (PEP 702) and calling it warns (`DeprecationWarning`).\n\n"
            if environment.getattr(l_2_entry, 'summary'):
                pass
                yield str(t_2(environment.getattr(l_2_entry, 'summary')))
                yield '\n\n'
            yield 'Returns '
            yield str(t_1(environment.getattr(l_2_entry, 'returns')))
            if environment.getattr(l_2_entry, 'streams'):
                pass
                yield '; with `'
                yield str(environment.getattr(l_2_entry, 'stream_switch'))
                yield '=True`, '
                yield str(t_1(environment.getattr(l_2_entry, 'streams')))
            if environment.getattr(l_2_entry, 'async_returns'):
                pass
                yield ': `for` over it gives every item of every page. On `AsyncClient`, not awaited: '
                yield str(t_1(environment.getattr(l_2_entry, 'async_returns')))
                yield ', `async for` over it gives every item, `await` gives the first page'
            yield '.\n'
            if environment.getattr(l_2_entry, 'parameters'):
                pass
                yield '\n'
                for l_3_parameter in environment.getattr(l_2_entry, 'parameters'):
                    _loop_vars = {}
                    pass
                    yield '- '
                    yield str(t_1(l_3_parameter))
                    yield '\n'
                l_3_parameter = missing
        l_2_entry = missing
    l_1_resource = l_1_entries = missing
    yield '\n## Models\n'
    for l_1_model in (undefined(name='models') if l_0_models is missing else l_0_models):
        _loop_vars = {}
        pass
        yield '\n### `models.'
        yield str(environment.getattr(l_1_model, 'name'))
        yield '`\n\n'
        for l_2_field in environment.getattr(l_1_model, 'fields'):
            _loop_vars = {}
            pass
            yield '- '
            yield str(t_1(environment.getattr(l_2_field, 'attribute')))
            if environment.getattr(l_2_field, 'wire'):
                pass
                yield ' ('
                yield str(t_1(environment.getattr(l_2_field, 'wire')))
                yield ' on the wire)'
            yield ': '
            yield str(t_1(environment.getattr(l_2_field, 'annotation')))
            yield '\n'
        l_2_field = missing
    l_1_model = missing

blocks = {}
debug_info = '1=29&3=31&4=33&7=37&9=41&10=45&12=49&14=55&19=58&20=60&23=63&24=76&26=79&27=83&34=89&36=93&38=95&39=99'