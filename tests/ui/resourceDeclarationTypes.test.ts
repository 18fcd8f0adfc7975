/**
 * A declaration typed by its schema (ResourceDeclaration<S>) names only what the schema has: tsc
 * (`npx tsc`, which checks tests/) refuses the lines marked @ts-expect-error, and would fail on
 * the marker itself if it ever accepted them.
 */
import { describe, expect, it } from 'vitest';
import { crudEndpoint } from '../../src/domain/endpoints';
import { activeField, group, optionalPhone, requiredText } from '../../src/domain/schemas/fields';
import type { FieldSource, ResourceDeclaration } from '../../src/resources/framework/types';

const schema = group({
  name: requiredText('Preencha o nome'),
  active: activeField(),
  contacts: group({ phone1: optionalPhone() }),
});

describe('ResourceDeclaration<S>', () => {
  it('takes the schema’s keys, its groups’ members and the id as sources, nothing else', () => {
    const declaration: ResourceDeclaration<typeof schema> = {
      name: 'gadgets',
      title: 'Aparelhos',
      entity: 'Aparelho',
      endpoint: crudEndpoint('admin', 'gadgets'),
      schema,
      fields: [
        { source: 'id', label: 'ID', type: 'text' },
        { source: 'name', label: 'Nome', type: 'text' },
        { source: 'contacts.phone1', label: 'Contato', type: 'text' },
        // @ts-expect-error 'nome' is not a field of the schema
        { source: 'nome', label: 'Nome', type: 'text' },
      ],
      columns: [{ source: 'name' }],
      // @ts-expect-error 'ativo' is not a field of the schema
      sections: [{ title: 'Informações', fields: ['id', 'name', 'ativo'] }],
    };
    expect(declaration.fields.map((field) => field.source)).toEqual(['id', 'name', 'contacts.phone1', 'nome']);
  });

  it('names any source when the schema’s shape is not known', () => {
    const source: FieldSource = 'anything';
    expect(source).toBe('anything');
  });
});
