import { Field, Int, ObjectType, type ClassType } from 'type-graphql';
import type { Page } from '../shared/paging';

/** A page of a long list, with the total so clients can show page numbers. */
export function PageOf<T extends object>(itemType: ClassType<T>) {
  @ObjectType()
  abstract class PageClass {
    @Field(() => [itemType], { description: 'The items of this page, in the list’s order' })
    items: T[];

    countTotal: () => Promise<number>;

    /** Set by lists read from a cursor, which know it without counting. */
    more?: boolean;

    @Field(() => Int, { description: 'How many items were skipped before this page' })
    offset: number;

    @Field(() => Int, { description: 'The page size asked for (at most 50)' })
    limit: number;

    @Field(() => Int, { description: 'How many items match, over all pages' })
    total(): Promise<number> {
      return this.countTotal();
    }

    @Field(() => Boolean, { description: 'Whether items follow this page' })
    async hasMore(): Promise<boolean> {
      return this.more ?? this.offset + this.items.length < (await this.countTotal());
    }
  }
  return PageClass;
}

/**
 * A page of a list that can be read from a cursor: `endCursor`, passed back as `after`, reads on
 * after this page's last item. `total` counts everything the list's filter matches, whatever the cursor.
 */
export function CursorPageOf<T extends object>(itemType: ClassType<T>, endCursorDescription: string) {
  @ObjectType()
  abstract class CursorPageClass extends PageOf(itemType) {
    @Field(() => String, { nullable: true, description: endCursorDescription })
    endCursor?: string | null;
  }
  return CursorPageClass;
}

export function toPage<P extends object, T>(PageClass: new () => P, page: Page<T>): P {
  return Object.assign(new PageClass(), page);
}
