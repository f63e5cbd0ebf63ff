from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'macros.jinja'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_target = l_0_status_map = l_0_response_spec = l_0_arguments = l_0_validated = l_0_body_value = l_0_body = l_0_placed = l_0_method = missing
    try:
        t_1 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    try:
        t_2 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    def macro(l_1_t):
        t_3 = []
        if l_1_t is missing:
            l_1_t = undefined("parameter 't' was not provided", name='t')
        pass
        if (environment.getattr(l_1_t, 'kind') == 'model'):
            pass
            t_3.extend((
                '_models.',
                str(environment.getattr(l_1_t, 'name')),
            ))
        elif (environment.getattr(l_1_t, 'kind') == 'nullable_model'):
            pass
            t_3.extend((
                '_models.',
                str(environment.getattr(l_1_t, 'name')),
                ' | None',
            ))
        elif (environment.getattr(l_1_t, 'kind') == 'root'):
            pass
            t_3.extend((
                '_ops.root_type(_models.',
                str(environment.getattr(l_1_t, 'name')),
                ')',
            ))
        elif (environment.getattr(l_1_t, 'kind') == 'media'):
            pass
            t_3.append(
                '{',
            )
            l_2_loop = missing
            for (l_2_media, l_2_choice), l_2_loop in LoopContext(environment.getattr(l_1_t, 'choices'), undefined):
                _loop_vars = {}
                pass
                t_3.extend((
                    str(t_1(l_2_media)),
                    ': ',
                    str(context.call((undefined(name='target') if l_0_target is missing else l_0_target), l_2_choice, _loop_vars=_loop_vars)),
                    str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 3 in 'macros.jinja' evaluated to false and no else section was defined."))),
                ))
            l_2_loop = l_2_media = l_2_choice = missing
            t_3.append(
                '}',
            )
        else:
            pass
            t_3.append(
                str(environment.getattr(l_1_t, 'name')),
            )
        return concat(t_3)
    context.exported_vars.add('target')
    context.vars['target'] = l_0_target = Macro(environment, macro, 'target', ('t',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_entries):
        t_4 = []
        if l_1_entries is missing:
            l_1_entries = undefined("parameter 'entries' was not provided", name='entries')
        pass
        t_4.append(
            '{',
        )
        l_2_loop = missing
        for (l_2_status, l_2_t), l_2_loop in LoopContext(l_1_entries, undefined):
            _loop_vars = {}
            pass
            t_4.extend((
                str(t_1(l_2_status)),
                ': ',
                str(context.call((undefined(name='target') if l_0_target is missing else l_0_target), l_2_t, _loop_vars=_loop_vars)),
                str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 7 in 'macros.jinja' evaluated to false and no else section was defined."))),
            ))
        l_2_loop = l_2_status = l_2_t = missing
        t_4.append(
            '}',
        )
        return concat(t_4)
    context.exported_vars.add('status_map')
    context.vars['status_map'] = l_0_status_map = Macro(environment, macro, 'status_map', ('entries',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_r):
        t_5 = []
        if l_1_r is missing:
            l_1_r = undefined("parameter 'r' was not provided", name='r')
        pass
        t_5.extend((
            str(environment.getattr(l_1_r, 'constant')),
            ': ResponseSpec[',
            str(environment.getattr(l_1_r, 'returns')),
            '] = ResponseSpec(\n    lambda: ResponseTargets(\n        success=',
            str(context.call((undefined(name='status_map') if l_0_status_map is missing else l_0_status_map), environment.getattr(l_1_r, 'success'))),
            ',\n',
        ))
        if environment.getattr(l_1_r, 'errors'):
            pass
            t_5.extend((
                '        errors=',
                str(context.call((undefined(name='status_map') if l_0_status_map is missing else l_0_status_map), environment.getattr(l_1_r, 'errors'))),
                ',\n',
            ))
        if environment.getattr(l_1_r, 'headers'):
            pass
            t_5.append(
                '        headers={',
            )
            l_2_loop = missing
            for (l_2_name, l_2_type), l_2_loop in LoopContext(environment.getattr(l_1_r, 'headers'), undefined):
                _loop_vars = {}
                pass
                t_5.extend((
                    str(t_1(l_2_name)),
                    ': ',
                    str(l_2_type),
                    str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 20 in 'macros.jinja' evaluated to false and no else section was defined."))),
                ))
            l_2_loop = l_2_name = l_2_type = missing
            t_5.append(
                '},\n',
            )
        if environment.getattr(l_1_r, 'stream_chunk'):
            pass
            t_5.extend((
                '        stream_chunk=',
                str(context.call((undefined(name='target') if l_0_target is missing else l_0_target), environment.getattr(l_1_r, 'stream_chunk'))),
                ',\n',
            ))
        if environment.getattr(l_1_r, 'plain_events'):
            pass
            t_5.append(
                '        plain_events=True,\n',
            )
        t_5.append(
            '    )\n)\n',
        )
        return concat(t_5)
    context.exported_vars.add('response_spec')
    context.vars['response_spec'] = l_0_response_spec = Macro(environment, macro, 'response_spec', ('r',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_signature):
        t_6 = []
        if l_1_signature is missing:
            l_1_signature = undefined("parameter 'signature' was not provided", name='signature')
        pass
        t_6.append(
            '        self,\n        *,\n',
        )
        for l_2_a in environment.getattr(l_1_signature, 'arguments'):
            _loop_vars = {}
            pass
            t_6.extend((
                '        ',
                str(environment.getattr(l_2_a, 'name')),
                ': ',
                str(environment.getattr(l_2_a, 'annotation')),
            ))
            if (not t_2(environment.getattr(l_2_a, 'default'))):
                pass
                t_6.extend((
                    ' = ',
                    str(environment.getattr(l_2_a, 'default')),
                ))
            t_6.append(
                ',\n',
            )
        l_2_a = missing
        return concat(t_6)
    context.exported_vars.add('arguments')
    context.vars['arguments'] = l_0_arguments = Macro(environment, macro, 'arguments', ('signature',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_c):
        t_7 = []
        if l_1_c is missing:
            l_1_c = undefined("parameter 'c' was not provided", name='c')
        pass
        t_7.extend((
            '_ops.validated(\n            _models.',
            str(environment.getattr(l_1_c, 'model')),
            ',\n            {\n',
        ))
        for l_2_v in environment.getattr(l_1_c, 'values'):
            _loop_vars = {}
            pass
            if environment.getattr(l_2_v, 'client_level'):
                pass
                t_7.extend((
                    '                ',
                    str(t_1(environment.getattr(l_2_v, 'key'))),
                    ': _ops.client_value(self._client, ',
                    str(t_1(environment.getattr(l_2_v, 'argument'))),
                    ', ',
                    str(environment.getattr(l_2_v, 'argument')),
                    '),\n',
                ))
            elif environment.getattr(l_2_v, 'only_value'):
                pass
                t_7.extend((
                    '                ',
                    str(t_1(environment.getattr(l_2_v, 'key'))),
                    ': _ops.given_or(',
                    str(environment.getattr(l_2_v, 'argument')),
                    ', ',
                    str(t_1(environment.getitem(environment.getattr(l_2_v, 'only_value'), 0))),
                    '),\n',
                ))
            else:
                pass
                t_7.extend((
                    '                ',
                    str(t_1(environment.getattr(l_2_v, 'key'))),
                    ': ',
                    str(environment.getattr(l_2_v, 'argument')),
                    ',\n',
                ))
        l_2_v = missing
        t_7.append(
            '            },\n',
        )
        if environment.getattr(l_1_c, 'nullable'):
            pass
            t_7.extend((
                '            nullable=',
                str(t_1(environment.getattr(l_1_c, 'nullable'))),
                ',\n',
            ))
        if environment.getattr(l_1_c, 'python_names'):
            pass
            t_7.extend((
                '            python_names=',
                str(t_1(environment.getattr(l_1_c, 'python_names'))),
                ',\n',
            ))
        if environment.getattr(l_1_c, 'raw'):
            pass
            t_7.extend((
                '            raw=',
                str(t_1(environment.getattr(l_1_c, 'raw'))),
                ',\n',
            ))
        t_7.append(
            '        )',
        )
        return concat(t_7)
    context.exported_vars.add('validated')
    context.vars['validated'] = l_0_validated = Macro(environment, macro, 'validated', ('c',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_b):
        t_8 = []
        if l_1_b is missing:
            l_1_b = undefined("parameter 'b' was not provided", name='b')
        pass
        if environment.getattr(l_1_b, 'checked'):
            pass
            t_8.append(
                str(context.call((undefined(name='validated') if l_0_validated is missing else l_0_validated), environment.getattr(l_1_b, 'checked'))),
            )
        elif environment.getattr(l_1_b, 'root_model'):
            pass
            t_8.extend((
                '_ops.validated_root(_models.',
                str(environment.getattr(l_1_b, 'root_model')),
                ', ',
                str(environment.getattr(l_1_b, 'argument')),
                ')',
            ))
        else:
            pass
            t_8.append(
                str(environment.getattr(l_1_b, 'argument')),
            )
        return concat(t_8)
    context.exported_vars.add('body_value')
    context.vars['body_value'] = l_0_body_value = Macro(environment, macro, 'body_value', ('b',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_b):
        t_9 = []
        if l_1_b is missing:
            l_1_b = undefined("parameter 'b' was not provided", name='b')
        pass
        if (environment.getattr(l_1_b, 'kind') == 'form'):
            pass
            t_9.extend((
                '_ops.form_body(',
                str(context.call((undefined(name='body_value') if l_0_body_value is missing else l_0_body_value), l_1_b)),
            ))
            if environment.getattr(l_1_b, 'delimiters'):
                pass
                t_9.extend((
                    ', delimiters=',
                    str(t_1(environment.getattr(l_1_b, 'delimiters'))),
                ))
            if environment.getattr(l_1_b, 'deep'):
                pass
                t_9.extend((
                    ', deep=',
                    str(t_1(environment.getattr(l_1_b, 'deep'))),
                ))
            if environment.getattr(l_1_b, 'spread'):
                pass
                t_9.extend((
                    ', spread=',
                    str(t_1(environment.getattr(l_1_b, 'spread'))),
                ))
            if environment.getattr(l_1_b, 'form_media_type'):
                pass
                t_9.extend((
                    ', media_type=',
                    str(t_1(environment.getattr(l_1_b, 'form_media_type'))),
                ))
            t_9.append(
                ')',
            )
        elif (((environment.getattr(l_1_b, 'kind') == 'multipart') and environment.getattr(l_1_b, 'root_model')) and (not environment.getattr(l_1_b, 'checked'))):
            pass
            t_9.extend((
                '_ops.multipart_parts(_models.',
                str(environment.getattr(l_1_b, 'root_model')),
                ', ',
                str(environment.getattr(l_1_b, 'argument')),
                ')',
            ))
        elif (environment.getattr(l_1_b, 'kind') == 'multipart'):
            pass
            t_9.extend((
                '_ops.multipart_body(',
                str(context.call((undefined(name='body_value') if l_0_body_value is missing else l_0_body_value), l_1_b)),
            ))
            if environment.getattr(l_1_b, 'files'):
                pass
                t_9.extend((
                    ', ',
                    str(t_1(environment.getattr(l_1_b, 'files'))),
                ))
            if environment.getattr(l_1_b, 'file_unions'):
                pass
                t_9.extend((
                    ', unions=',
                    str(t_1(environment.getattr(l_1_b, 'file_unions'))),
                ))
            t_9.append(
                ')',
            )
        elif (environment.getattr(l_1_b, 'kind') == 'content'):
            pass
            t_9.extend((
                '_ops.raw_body(',
                str(environment.getattr(l_1_b, 'argument')),
                ', ',
                str(t_1(environment.getattr(l_1_b, 'media_type'))),
                ')',
            ))
        elif (environment.getattr(l_1_b, 'checked') and environment.getattr(l_1_b, 'optional')):
            pass
            t_9.extend((
                '_ops.optional_body(',
                str(context.call((undefined(name='body_value') if l_0_body_value is missing else l_0_body_value), l_1_b)),
                ')',
            ))
        else:
            pass
            t_9.append(
                str(context.call((undefined(name='body_value') if l_0_body_value is missing else l_0_body_value), l_1_b)),
            )
        return concat(t_9)
    context.exported_vars.add('body')
    context.vars['body'] = l_0_body = Macro(environment, macro, 'body', ('b',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_function, l_1_p):
        t_10 = []
        if l_1_function is missing:
            l_1_function = undefined("parameter 'function' was not provided", name='function')
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        pass
        t_10.extend((
            '_ops.',
            str(l_1_function),
            '(_checked, ',
            str(t_1(environment.getattr(l_1_p, 'keys'))),
        ))
        if environment.getattr(l_1_p, 'wire_names'):
            pass
            t_10.extend((
                ', wire_names=',
                str(t_1(environment.getattr(l_1_p, 'wire_names'))),
            ))
        if environment.getattr(l_1_p, 'delimiters'):
            pass
            t_10.extend((
                ', delimiters=',
                str(t_1(environment.getattr(l_1_p, 'delimiters'))),
            ))
        if environment.getattr(l_1_p, 'deep'):
            pass
            t_10.extend((
                ', deep=',
                str(t_1(environment.getattr(l_1_p, 'deep'))),
            ))
        if environment.getattr(l_1_p, 'json_encoded'):
            pass
            t_10.extend((
                ', json_encoded=',
                str(t_1(environment.getattr(l_1_p, 'json_encoded'))),
            ))
        if environment.getattr(l_1_p, 'exploded'):
            pass
            t_10.extend((
                ', exploded=',
                str(t_1(environment.getattr(l_1_p, 'exploded'))),
            ))
        if environment.getattr(l_1_p, 'joined'):
            pass
            t_10.extend((
                ', joined=',
                str(t_1(environment.getattr(l_1_p, 'joined'))),
            ))
        if environment.getattr(l_1_p, 'python_names'):
            pass
            t_10.extend((
                ', python_names=',
                str(t_1(environment.getattr(l_1_p, 'python_names'))),
            ))
        t_10.append(
            ')',
        )
        return concat(t_10)
    context.exported_vars.add('placed')
    context.vars['placed'] = l_0_placed = Macro(environment, macro, 'placed', ('function', 'p'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_op, l_1_variant):
        t_11 = []
        l_1_prefix = missing
        if l_1_op is missing:
            l_1_op = undefined("parameter 'op' was not provided", name='op')
        if l_1_variant is missing:
            l_1_variant = undefined("parameter 'variant' was not provided", name='variant')
        pass
        l_1_prefix = ('async ' if environment.getattr(l_1_variant, 'coroutine') else '')
        for l_2_signature in environment.getattr(l_1_variant, 'overloads'):
            _loop_vars = {}
            pass
            t_11.extend((
                '\n    @overload\n    ',
                str((undefined(name='prefix') if l_1_prefix is missing else l_1_prefix)),
                'def ',
                str(environment.getattr(l_1_op, 'name')),
                '(\n',
                str(context.call((undefined(name='arguments') if l_0_arguments is missing else l_0_arguments), l_2_signature, _loop_vars=_loop_vars)),
                '    ) -> ',
                str(environment.getattr(l_2_signature, 'returns')),
                ':\n        ',
                str(environment.getattr(l_2_signature, 'doc')),
                '\n',
            ))
        l_2_signature = missing
        t_11.append(
            '\n',
        )
        if environment.getattr(l_1_op, 'deprecated'):
            pass
            t_11.extend((
                '    @_typing_extensions.deprecated(',
                str(t_1(environment.getattr(l_1_op, 'deprecated'))),
                ')\n',
            ))
        t_11.extend((
            '    ',
            str((undefined(name='prefix') if l_1_prefix is missing else l_1_prefix)),
            'def ',
            str(environment.getattr(l_1_op, 'name')),
            '(\n',
            str(context.call((undefined(name='arguments') if l_0_arguments is missing else l_0_arguments), environment.getattr(l_1_variant, 'implementation'))),
            '    ) -> ',
            str(environment.getattr(environment.getattr(l_1_variant, 'implementation'), 'returns')),
            ':\n        ',
            str(environment.getattr(environment.getattr(l_1_variant, 'implementation'), 'doc')),
            '\n',
        ))
        if environment.getattr(l_1_op, 'params'):
            pass
            t_11.extend((
                '        _checked = ',
                str(context.call((undefined(name='validated') if l_0_validated is missing else l_0_validated), environment.getattr(l_1_op, 'params'))),
                '\n',
            ))
        t_11.extend((
            '        return ',
            str(('await ' if environment.getattr(l_1_variant, 'coroutine') else cond_expr_undefined("the inline if-expression on line 126 in 'macros.jinja' evaluated to false and no else section was defined."))),
            'self._',
            str(environment.getattr(l_1_op, 'http_method')),
            '(\n',
        ))
        if environment.getattr(l_1_op, 'path_keys'):
            pass
            t_11.extend((
                '            _ops.format_path(',
                str(t_1(environment.getattr(l_1_op, 'path'))),
                ', _checked, ',
                str(t_1(environment.getattr(l_1_op, 'path_keys'))),
            ))
            if environment.getattr(l_1_op, 'path_styles'):
                pass
                t_11.extend((
                    ', ',
                    str(t_1(environment.getattr(l_1_op, 'path_styles'))),
                ))
            t_11.append(
                '),\n',
            )
        else:
            pass
            t_11.extend((
                '            ',
                str(t_1(environment.getattr(l_1_op, 'path'))),
                ',\n',
            ))
        if environment.getattr(l_1_op, 'body'):
            pass
            t_11.extend((
                '            body=',
                str(context.call((undefined(name='body') if l_0_body is missing else l_0_body), environment.getattr(l_1_op, 'body'))),
                ',\n',
            ))
        t_11.append(
            '            options=_ops.request_options(\n',
        )
        if environment.getattr(l_1_op, 'query'):
            pass
            t_11.extend((
                '                query=',
                str(context.call((undefined(name='placed') if l_0_placed is missing else l_0_placed), 'pick', environment.getattr(l_1_op, 'query'))),
                ',\n',
            ))
        if environment.getattr(l_1_op, 'accept'):
            pass
            t_11.extend((
                '                accept=',
                str(t_1(environment.getattr(l_1_op, 'accept'))),
                ',\n',
            ))
        if environment.getattr(l_1_op, 'headers'):
            pass
            t_11.extend((
                '                headers=',
                str(context.call((undefined(name='placed') if l_0_placed is missing else l_0_placed), 'pick_headers', environment.getattr(l_1_op, 'headers'))),
                ',\n',
            ))
        if environment.getattr(l_1_op, 'cookies'):
            pass
            t_11.extend((
                '                cookies=',
                str(context.call((undefined(name='placed') if l_0_placed is missing else l_0_placed), 'pick_cookies', environment.getattr(l_1_op, 'cookies'))),
                ',\n',
            ))
        t_11.append(
            '                extra_headers=extra_headers,\n                extra_query=extra_query,\n                extra_body=extra_body,\n                timeout=timeout,\n                max_retries=max_retries,\n',
        )
        if (not t_2(environment.getattr(l_1_op, 'security'))):
            pass
            t_11.extend((
                '                security=',
                str(t_1(environment.getattr(l_1_op, 'security'))),
                ',\n',
            ))
        if environment.getattr(l_1_op, 'retry_safe'):
            pass
            t_11.append(
                '                retry_safe=True,\n',
            )
        if environment.getattr(l_1_op, 'idempotency_header'):
            pass
            t_11.extend((
                '                idempotency_header=',
                str(t_1(environment.getattr(l_1_op, 'idempotency_header'))),
                ',\n',
            ))
        if environment.getattr(l_1_op, 'server'):
            pass
            t_11.extend((
                '                server=',
                str(t_1(environment.getattr(l_1_op, 'server'))),
                ',\n',
            ))
        if environment.getattr(l_1_op, 'content_type'):
            pass
            t_11.extend((
                '                content_type=',
                str(t_1(environment.getattr(l_1_op, 'content_type'))),
                ',\n',
            ))
        t_11.extend((
            '            ),\n            cast_to=',
            str(environment.getattr(environment.getattr(l_1_op, 'responses'), 'constant')),
            ',\n',
        ))
        if environment.getattr(l_1_op, 'always_streams'):
            pass
            t_11.extend((
                '            stream=True,\n            stream_cls=',
                str(environment.getattr(l_1_variant, 'stream_class')),
                '[',
                str(environment.getattr(l_1_op, 'stream_chunk')),
                '],\n',
            ))
        elif environment.getattr(l_1_op, 'stream_switch'):
            pass
            t_11.extend((
                '            stream=',
                str(environment.getattr(l_1_op, 'stream_switch')),
                ' is True,\n            stream_cls=',
                str(environment.getattr(l_1_variant, 'stream_class')),
                '[',
                str(environment.getattr(l_1_op, 'stream_chunk')),
                '],\n',
            ))
        if environment.getattr(l_1_op, 'page'):
            pass
            t_11.extend((
                '            pagination=',
                str(environment.getattr(environment.getattr(l_1_op, 'page'), 'constant')),
                ',\n            page_cls=',
                str(environment.getattr(l_1_variant, 'page_class')),
                '[',
                str(environment.getattr(environment.getattr(l_1_op, 'page'), 'item')),
                ', ',
                str(environment.getattr(environment.getattr(l_1_op, 'page'), 'returns')),
                '],\n',
            ))
        t_11.append(
            '        )\n',
        )
        return concat(t_11)
    context.exported_vars.add('method')
    context.vars['method'] = l_0_method = Macro(environment, macro, 'method', ('op', 'variant'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '2=24&3=29&6=77&7=86&12=103&13=109&15=113&16=116&17=120&19=123&20=129&22=142&23=146&25=149&32=161&35=169&36=174&41=192&43=199&45=202&46=205&47=209&48=216&49=220&51=231&55=240&56=244&58=247&59=251&61=254&62=258&68=268&69=273&72=296&73=301&74=305&75=307&76=313&77=319&78=325&79=334&80=338&81=343&82=347&83=364&84=368&85=373&86=377&88=383&93=389&94=398&95=402&96=408&97=414&98=420&99=426&100=432&101=438&106=451&107=459&108=460&111=465&112=469&113=473&116=480&118=484&120=489&121=493&122=497&123=500&124=504&126=509&127=514&128=518&130=535&132=538&133=542&136=548&137=552&139=555&140=559&142=562&143=566&145=569&146=573&153=579&154=583&156=586&159=591&160=595&162=598&163=602&165=605&166=609&169=614&170=617&172=621&173=626&174=630&175=632&177=637&178=641&179=643'