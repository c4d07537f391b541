// A large catalogue for the benchmarks, made inside PostgreSQL with generate_series: instructors,
// courses spread over every home section and class (one in eight taught in Bangla, with Bangla
// names such as "গণিত – নবম শ্রেণি ব্যাচ 4805"), five lessons each, and reviews.
const SUBJECTS = [
  'Physics',
  'Chemistry',
  'Biology',
  'Mathematics',
  'Higher Math',
  'Bangla',
  'English Grammar',
  'ICT',
  'Accounting',
  'Economics',
  'Web Development',
  'Graphic Design',
  'Digital Marketing',
  'Python',
  'Spoken English',
  'Freelancing',
  'Data Analysis',
  'Video Editing',
  'Excel',
  'IELTS Preparation',
  'Photography',
  'Android Apps',
  'Public Speaking',
  'Bookkeeping',
  'Agriculture',
  'General Science',
];

const BANGLA_SUBJECTS = ['গণিত', 'পদার্থবিজ্ঞান', 'রসায়ন', 'জীববিজ্ঞান', 'উচ্চতর গণিত', 'বাংলা ব্যাকরণ', 'ইংরেজি', 'বিজ্ঞান', 'তথ্য ও যোগাযোগ প্রযুক্তি', 'হিসাববিজ্ঞান'];
const CLASS_ORDINALS = ['প্রথম', 'দ্বিতীয়', 'তৃতীয়', 'চতুর্থ', 'পঞ্চম', 'ষষ্ঠ', 'সপ্তম', 'অষ্টম', 'নবম', 'দশম', 'একাদশ', 'দ্বাদশ'];
/** Courses numbered i with i % 8 = 5 are taught in Bangla; i / 8 picks their subject and class. */
const BANGLA = 'i % 8 = 5';
const BANGLA_CLASS = '1 + (i / 8) % 12';

export async function generateCatalogue(client, { courses, instructors }) {
  const array = (words) => `ARRAY[${words.map((word) => `'${word}'`).join(', ')}]`;
  const subjects = array(SUBJECTS);
  const banglaSubject = `(${array(BANGLA_SUBJECTS)})[1 + (i / 8) % ${BANGLA_SUBJECTS.length}]`;
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO "user" ("name", "email", "passwordHash", "role", "phone", "image")
     SELECT 'Instructor ' || i, 'bench-instructor-' || i || '@shikhon.test', 'not-a-real-hash', 'INSTRUCTOR', '01700' || lpad(i::text, 6, '0'), '/media/people/instructor.svg'
     FROM generate_series(1, $1) AS i`,
    [instructors],
  );
  await client.query(
    `WITH teachers AS (SELECT id, name, email, row_number() OVER (ORDER BY email) AS n FROM "user" WHERE email LIKE 'bench-instructor-%')
     INSERT INTO "course" ("name", "description", "price", "priceBDT", "photoURL", "ratings", "instructor", "instructorEmail", "instructorId", "keyPoints",
                           "targetedPeoples", "whyNeed", "category", "classLevel", "language", "trending", "published", "createdAt")
     SELECT CASE WHEN ${BANGLA}
              THEN ${banglaSubject} || ' – ' || (${array(CLASS_ORDINALS)})[${BANGLA_CLASS}] || ' শ্রেণি ব্যাচ ' || (i % 10000)
              ELSE (${subjects})[1 + i % ${SUBJECTS.length}] || CASE WHEN i % 3 = 0 THEN ' for Class ' || (1 + i % 12) ELSE ' Essentials' END || ' Batch ' || (i % 10000) END,
            CASE WHEN ${BANGLA}
              THEN ${banglaSubject} || ' ধাপে ধাপে শিখুন: অনুশীলনী, কুইজ আর রেকর্ড করা ক্লাস, সবই বাংলায়।'
              ELSE 'Learn ' || (${subjects})[1 + i % ${SUBJECTS.length}] || ' step by step with practice sets, quizzes and recorded classes in Bangla and English.' END,
            CASE WHEN i % 10 = 0 THEN 0 ELSE 5 + (i % 40) END,
            CASE WHEN i % 10 = 0 THEN 0 ELSE (5 + (i % 40)) * 120 END,
            '/media/courses/math.svg', '4.5 ratings out of 5', t.name, t.email, t.id,
            ARRAY['Clear lessons', 'Practice sets', 'Certificate'], 'Students and working people', 'To learn a useful skill',
            (CASE WHEN i % 3 = 0 OR ${BANGLA} THEN 'SCHOOL' ELSE 'PROFESSIONAL' END)::course_category,
            CASE WHEN ${BANGLA} THEN ${BANGLA_CLASS} WHEN i % 3 = 0 THEN 1 + i % 12 END, (CASE WHEN ${BANGLA} THEN 'bn' ELSE 'en' END)::course_language,
            i % 17 = 0, i % 50 <> 0,
            now() - make_interval(mins => i)
     FROM generate_series(1, $1) AS i JOIN teachers t ON t.n = 1 + i % $2`,
    [courses, instructors],
  );
  await client.query(
    `INSERT INTO "lesson" ("courseId", "title", "videoURL", "position")
     SELECT c.id, 'Lesson ' || p || ': ' || c.name, '/media/videos/lesson-' || (1 + p % 4) || '.webm', p
     FROM "course" c CROSS JOIN generate_series(1, 5) AS p WHERE c."instructorEmail" LIKE 'bench-instructor-%'`,
  );
  await client.query(
    `INSERT INTO "review" ("name", "img", "text", "info", "courseId", "rating", "title", "createdAt")
     SELECT 'Learner ' || n, '/media/people/student.svg', 'Clear lessons and useful practice sets.', 'Class ' || (1 + n % 12) || ' student',
            c.id, 1 + n % 5, 'Worth it', now() - make_interval(mins => n::int)
     FROM (SELECT id, row_number() OVER () AS n FROM "course" WHERE "instructorEmail" LIKE 'bench-instructor-%') c`,
  );
  await client.query('COMMIT');
  // Vacuumed now, so autovacuum does not wake up on the new rows in the middle of a measurement.
  await client.query('VACUUM (ANALYZE)');
}
