import { Arg, Args, Authorized, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { roles } from '../auth/guards';
import { requireViewer } from '../../graphql/auth-checker';
import type { GraphQLContext } from '../../kernel/context';
import { PageArgs } from '../../graphql/page-args';
import { PageOf, toPage } from '../../graphql/page';
import { Blog } from './blog.entity';
import { BLOG_NOT_FOUND, createBlog, findBlog, listBlogs, MAX_BLOG_TITLE, openBlog, setBlogHidden } from './blog.service';
import { IdArgs } from '../../graphql/id-args';
import { optionalWebAddress, requiredText, Rule } from '../../shared/validation';
import { validationMessages } from '../../shared/validation-messages';
import { MAX_TEXT_LENGTH } from '../../shared/text-rules';

@ObjectType({ description: 'A page of blog posts' })
class BlogPage extends PageOf(Blog) {}

@InputType({ description: 'A new blog post' })
class BlogInput {
  @Field(() => String, { description: 'The title, 1 to 150 characters' })
  @Rule(requiredText('The title', MAX_BLOG_TITLE, validationMessages.required('Title')))
  title: string;

  @Field(() => String, { nullable: true, description: 'Image URL' })
  @Rule(optionalWebAddress('The image URL'))
  img?: string | null;

  @Field(() => String, { description: 'The text of the post, plain text, at most 10000 characters' })
  @Rule(requiredText('The description', MAX_TEXT_LENGTH, validationMessages.required('Description')))
  description: string;
}

const BlogId = IdArgs('id', BLOG_NOT_FOUND, 'The post', 'BLOG_NOT_FOUND');
type BlogId = InstanceType<typeof BlogId>;

@Resolver(() => Blog)
export class BlogResolver {
  @Query(() => BlogPage, { description: 'Blog posts, newest first' })
  async blogs(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphQLContext): Promise<BlogPage> {
    return toPage(BlogPage, await listBlogs(ctx.db, args));
  }

  @Query(() => Blog, { nullable: true, description: 'One shown post (counts no read: openBlog does)' })
  blog(@Arg('id', () => ID, { description: 'The post' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Blog | null> {
    return findBlog(ctx.db, id);
  }

  @Mutation(() => Blog, { description: 'Opens a post to read it, counting one read' })
  openBlog(@Args(() => BlogId) { id }: BlogId, @Ctx() ctx: GraphQLContext): Promise<Blog> {
    return openBlog(ctx.db, id);
  }

  @Authorized(...roles.staff)
  @Mutation(() => Blog, { description: 'Writes a new post under the signed-in name; instructors and admins' })
  createBlog(@Arg('input', () => BlogInput, { description: 'The post' }) input: BlogInput, @Ctx() ctx: GraphQLContext): Promise<Blog> {
    return createBlog(ctx.db, requireViewer(ctx), input);
  }

  @Authorized(...roles.admin)
  @Mutation(() => Blog, { description: 'Hides a post from everyone (it is kept), or shows it again; admins only' })
  setBlogHidden(
    @Args(() => BlogId) { id }: BlogId,
    @Arg('hidden', { description: 'true: hide; false: show again' }) hidden: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Blog> {
    return setBlogHidden(ctx.db, requireViewer(ctx), id, hidden);
  }
}
