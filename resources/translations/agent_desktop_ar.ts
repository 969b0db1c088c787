<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>unknown (not installed as a package)</source>
        <translation>غير معروف (غير مثبّت كحزمة)</translation>
    </message>
    <message>
        <source>About Agent Desktop</source>
        <translation>حول Agent Desktop</translation>
    </message>
    <message>
        <source>&lt;b&gt;Agent Desktop&lt;/b&gt;</source>
        <translation>&lt;b&gt;Agent Desktop&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Version {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</source>
        <translation>الإصدار {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>مجلد البيانات</translation>
    </message>
    <message>
        <source>Settings folder</source>
        <translation>مجلد الإعدادات</translation>
    </message>
    <message>
        <source>Log folder</source>
        <translation>مجلد السجلات</translation>
    </message>
    <message>
        <source>{label}:</source>
        <translation>{label}:</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>فتح</translation>
    </message>
    <message>
        <source>Open {folder}</source>
        <translation>فتح {folder}</translation>
    </message>
</context>
<context>
    <name>ActionDialogs</name>
    <message>
        <source>The action failed ({kind}).</source>
        <translation>فشل الإجراء ({kind}).</translation>
    </message>
    <message>
        <source>The action failed.</source>
        <translation>فشل الإجراء.</translation>
    </message>
    <message>
        <source>Reported by the plugin “{plugin}”.</source>
        <translation>أبلغت عنه الإضافة «{plugin}».</translation>
    </message>
</context>
<context>
    <name>ActionField</name>
    <message>
        <source>Choose…</source>
        <translation>اختيار…</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>جارٍ العمل…</translation>
    </message>
</context>
<context>
    <name>ActionFormDialog</name>
    <message>
        <source>Some inputs of this action could not be shown:</source>
        <translation>تعذّر عرض بعض مدخلات هذا الإجراء:</translation>
    </message>
</context>
<context>
    <name>ActionProgressDialog</name>
    <message>
        <source>Running “{action}”…</source>
        <translation>جارٍ تشغيل «{action}»…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>جارٍ الإلغاء…</translation>
    </message>
</context>
<context>
    <name>ActionResultDialog</name>
    <message>
        <source>“{action}” failed</source>
        <translation>فشل «{action}»</translation>
    </message>
</context>
<context>
    <name>AgentBar</name>
    <message>
        <source>Status bar</source>
        <translation>شريط الحالة</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>جاهز</translation>
    </message>
    <message>
        <source>Request state</source>
        <translation>حالة الطلب</translation>
    </message>
    <message>
        <source>{provider} on {server}</source>
        <translation>{provider} على {server}</translation>
    </message>
    <message>
        <source>Agent “{agent}” is not ready: {error}</source>
        <translation>الوكيل «{agent}» غير جاهز: {error}</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>الحالة</translation>
    </message>
</context>
<context>
    <name>Agents</name>
    <message>
        <source>Agent {number}</source>
        <translation>الوكيل {number}</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>الافتراضي</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <source>Add a provider on the Providers page first</source>
        <translation>أضف مزوّدًا في صفحة المزوّدين أولًا</translation>
    </message>
    <message>
        <source>Enabled plugins</source>
        <translation>الإضافات المفعّلة</translation>
    </message>
    <message>
        <source>Unchecked plugins are turned off for this agent.</source>
        <translation>تُعطَّل الإضافات غير المحدَّدة لهذا الوكيل.</translation>
    </message>
    <message>
        <source>{names} has its own field above; set it there.</source>
        <translation>لـ {names} حقل خاص به في الأعلى؛ اضبطه هناك.</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>معرّف النموذج</translation>
    </message>
    <message>
        <source>{model} (the provider&apos;s default)</source>
        <translation>{model} (الافتراضي لدى المزوّد)</translation>
    </message>
</context>
<context>
    <name>AppViewController</name>
    <message>
        <source>The view could not be read: {why}</source>
        <translation>تعذّرت قراءة العرض: {why}</translation>
    </message>
    <message>
        <source>Refused the view&apos;s call to {tool}: {why}</source>
        <translation>رُفض استدعاء العرض لـ{tool}: {why}</translation>
    </message>
</context>
<context>
    <name>AppViewPrompts</name>
    <message>
        <source>Open {host}</source>
        <translation>فتح {host}</translation>
    </message>
    <message>
        <source>Open a link?</source>
        <translation>هل تفتح رابطًا؟</translation>
    </message>
    <message>
        <source>The view of {server} wants to open {url} in your browser.</source>
        <translation>تريد واجهة {server} فتح {url} في متصفحك.</translation>
    </message>
    <message>
        <source>Don&apos;t open</source>
        <translation>لا تفتح</translation>
    </message>
    <message>
        <source>Send as my message</source>
        <translation>إرسال كرسالتي</translation>
    </message>
    <message>
        <source>Send a message?</source>
        <translation>هل ترسل رسالة؟</translation>
    </message>
    <message>
        <source>The view of {server} wants to send this message as yours:

{text}</source>
        <translation>تريد واجهة {server} إرسال هذه الرسالة باسمك:

{text}</translation>
    </message>
    <message>
        <source>Don&apos;t send</source>
        <translation>لا ترسل</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>السماح مرة واحدة</translation>
    </message>
    <message>
        <source>Allow for this chat</source>
        <translation>السماح في هذه المحادثة</translation>
    </message>
    <message>
        <source>Allow a tool call?</source>
        <translation>هل تسمح باستدعاء أداة؟</translation>
    </message>
    <message>
        <source>A view wants to run {call}.</source>
        <translation>تريد واجهة تشغيل {call}.</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>رفض</translation>
    </message>
</context>
<context>
    <name>AppViewWidget</name>
    <message>
        <source>Interactive view of {title}</source>
        <translation>عرض تفاعلي لـ{title}</translation>
    </message>
    <message>
        <source>Blocked: {what}</source>
        <translation>حُظر: {what}</translation>
    </message>
    <message>
        <source>the app runs as root</source>
        <translation>يعمل التطبيق بصلاحيات root</translation>
    </message>
    <message>
        <source>this system allows no user namespaces</source>
        <translation>لا يسمح هذا النظام بمساحات أسماء المستخدمين</translation>
    </message>
    <message>
        <source>Flatpak&apos;s own sandbox holds the app</source>
        <translation>يقيّد وضع الحماية الخاص بـ Flatpak التطبيق</translation>
    </message>
    <message>
        <source>Chromium&apos;s sandbox is off: {why}. The view&apos;s frame, policy and request filter still hold it.</source>
        <translation>وضع الحماية في Chromium معطّل: {why}. ولا يزال إطار العرض وسياسته ومرشّح الطلبات تقيّده.</translation>
    </message>
    <message>
        <source>The view stopped: {why}. The chat goes on.</source>
        <translation>توقّف العرض: {why}. وتستمر المحادثة.</translation>
    </message>
    <message>
        <source>Esc leaves full screen</source>
        <translation>يُنهي Esc وضع ملء الشاشة</translation>
    </message>
    <message>
        <source>Loading the view…</source>
        <translation>جارٍ تحميل العرض…</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <source>Allow once</source>
        <extracomment>The answers, with their buttons&apos; words (translated when the prompt is built).</extracomment>
        <translation>السماح مرة واحدة</translation>
    </message>
    <message>
        <source>Run this call once</source>
        <translation>تشغيل هذا الاستدعاء مرة واحدة فقط</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>السماح طوال هذه الجلسة</translation>
    </message>
    <message>
        <source>Run this tool without asking until the app quits</source>
        <translation>تشغيل هذه الأداة دون سؤال حتى إغلاق التطبيق</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>السماح دائمًا</translation>
    </message>
    <message>
        <source>Never ask again for this tool (revocable in Settings)</source>
        <translation>عدم السؤال مجددًا عن هذه الأداة (يمكن التراجع عن ذلك من الإعدادات)</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>رفض</translation>
    </message>
    <message>
        <source>Do not run it; the model is told why</source>
        <translation>لن تُشغَّل، وسيُبلَّغ النموذج بالسبب</translation>
    </message>
    <message>
        <source>It runs on the agent server {server}, not on this computer.</source>
        <translation>تعمل على خادم الوكيل {server}، لا على هذا الحاسوب.</translation>
    </message>
    <message>
        <source>Its definition changed since you approved it: check what it does now.</source>
        <translation>تغيّر تعريفها منذ أن وافقت عليها: تحقّق مما تفعله الآن.</translation>
    </message>
    <message>
        <source>It may delete or overwrite things.</source>
        <translation>قد تحذف أشياء أو تستبدلها.</translation>
    </message>
    <message>
        <source>It reaches outside this computer (network).</source>
        <translation>تصل إلى ما هو خارج هذا الحاسوب (الشبكة).</translation>
    </message>
    <message>
        <source>It describes itself as: “{description}”</source>
        <translation>تصف نفسها بأنها: «{description}»</translation>
    </message>
    <message>
        <source>From the MCP server “{server}”: its description and hints are the server&apos;s claims.</source>
        <translation>من خادم MCP «{server}»: الوصف والتلميحات هي ادعاءات الخادم نفسه.</translation>
    </message>
    <message>
        <source>Approve tool {tool_name}</source>
        <translation>الموافقة على الأداة {tool_name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{tool_name}&lt;/b&gt; wants to run. Allow it? &lt;span style=&apos;opacity:0.7&apos;&gt;({shortcut} to get here)&lt;/span&gt;</source>
        <translation>تريد &lt;b&gt;{tool_name}&lt;/b&gt; أن تعمل. هل تسمح بذلك؟ &lt;span style=&apos;opacity:0.7&apos;&gt;(اضغط {shortcut} للوصول إلى هنا)&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Always allow {rule}</source>
        <translation>السماح دائمًا: {rule}</translation>
    </message>
    <message>
        <source>Run this tool without asking for calls like this one (revocable in Settings → Tools)</source>
        <translation>تشغيل هذه الأداة دون سؤال للاستدعاءات المشابهة لهذا الاستدعاء (يمكن التراجع عن ذلك من الإعدادات ← الأدوات)</translation>
    </message>
    <message>
        <source>{label}: {tool_name}</source>
        <translation>{label}: {tool_name}</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>سبب الرفض (اختياري)</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>سبب الرفض</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>تعديل…</translation>
    </message>
    <message>
        <source>Change what the call says before you allow it</source>
        <translation>تغيير مضمون الاستدعاء قبل السماح به</translation>
    </message>
    <message>
        <source>Edit before allowing: {tool}</source>
        <translation>التعديل قبل السماح: {tool}</translation>
    </message>
    <message>
        <source>Argument {name}</source>
        <translation>الوسيط {name}</translation>
    </message>
</context>
<context>
    <name>AskSeveralButton</name>
    <message>
        <source>Ask several</source>
        <translation>سؤال عدة نماذج</translation>
    </message>
    <message>
        <source>Ask several models</source>
        <translation>سؤال عدة نماذج</translation>
    </message>
    <message>
        <source>Send the message to 2–4 models at once and compare</source>
        <translation>إرسال الرسالة إلى نموذجين إلى أربعة نماذج في آن واحد ومقارنة الإجابات</translation>
    </message>
</context>
<context>
    <name>AskSeveralPopup</name>
    <message>
        <source>Ask several models</source>
        <extracomment>Rows the model list shows before it scrolls.</extracomment>
        <translation>سؤال عدة نماذج</translation>
    </message>
    <message>
        <source>Check {low} to {high} models: the message goes to each of them.</source>
        <translation>اختر من {low} إلى {high} من النماذج: ستُرسَل الرسالة إلى كل منها.</translation>
    </message>
    <message>
        <source>Models to ask</source>
        <translation>النماذج المراد سؤالها</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>حالة قائمة النماذج</translation>
    </message>
    <message>
        <source>Type the message first (or attach a file): Send waits for it.</source>
        <translation>اكتب الرسالة أولًا (أو أرفق ملفًا): زر «إرسال» ينتظرها.</translation>
    </message>
    <message>
        <source>Your message to each model</source>
        <translation>رسالتك إلى كل نموذج</translation>
    </message>
    <message>
        <source>Message to send</source>
        <translation>الرسالة المراد إرسالها</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>جارٍ جلب النماذج…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message numerus="yes">
        <source>Send to %n models</source>
        <translation>
            <numerusform>إرسال إلى %n نموذج</numerusform>
            <numerusform>إرسال إلى نموذج واحد</numerusform>
            <numerusform>إرسال إلى نموذجين</numerusform>
            <numerusform>إرسال إلى %n نماذج</numerusform>
            <numerusform>إرسال إلى %n نموذجًا</numerusform>
            <numerusform>إرسال إلى %n نموذج</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>preparing…</source>
        <translation>جارٍ التجهيز…</translation>
    </message>
    <message>
        <source>Attachment {name}, {size}</source>
        <translation>المرفق {name}، {size}</translation>
    </message>
    <message>
        <source>Thumbnail of {name}</source>
        <translation>صورة مصغّرة لـ{name}</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>إزالة {name}</translation>
    </message>
    <message>
        <source>Remove attachment {name}</source>
        <translation>إزالة المرفق {name}</translation>
    </message>
</context>
<context>
    <name>AttachmentPreview</name>
    <message>
        <source>Attachment {name}</source>
        <translation>المرفق {name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>جارٍ التحميل…</translation>
    </message>
    <message>
        <source>Attachment preview</source>
        <translation>معاينة المرفق</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>حفظ باسم…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>فتح</translation>
    </message>
    <message>
        <source>Open with the system&apos;s viewer for this kind of file</source>
        <translation>الفتح بعارض النظام لهذا النوع من الملفات</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>إغلاق</translation>
    </message>
    <message>
        <source>This picture cannot be shown (its data is missing or damaged).</source>
        <translation>لا يمكن عرض هذه الصورة (بياناتها مفقودة أو تالفة).</translation>
    </message>
    <message>
        <source>Save {name}</source>
        <translation>حفظ {name}</translation>
    </message>
    <message>
        <source>Writing {name}…</source>
        <translation>جارٍ كتابة {name}…</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}.</source>
        <translation>تعذّرت الكتابة في {path}: {reason}.</translation>
    </message>
    <message>
        <source>{problem} Choose another place or free some space.</source>
        <translation>{problem} اختر مكانًا آخر أو وفّر بعض المساحة.</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>حُفظ في {path}.</translation>
    </message>
</context>
<context>
    <name>ChatColumn</name>
    <message>
        <source>Agent</source>
        <translation>الوكيل</translation>
    </message>
    <message>
        <source>Session toolbar</source>
        <translation>شريط أدوات الجلسة</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>عنوان المحادثة</translation>
    </message>
    <message>
        <source>Own instructions</source>
        <translation>تعليمات خاصة</translation>
    </message>
    <message>
        <source>This chat has its own instructions</source>
        <translation>لهذه المحادثة تعليماتها الخاصة</translation>
    </message>
    <message>
        <source>This chat uses its own instructions instead of its agent&apos;s. Click to edit.</source>
        <translation>تستخدم هذه المحادثة تعليماتها الخاصة بدلًا من تعليمات وكيلها. انقر للتعديل.</translation>
    </message>
    <message>
        <source>Chat actions menu</source>
        <translation>قائمة إجراءات المحادثة</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>الإجراءات</translation>
    </message>
    <message>
        <source>Chat actions</source>
        <translation>إجراءات المحادثة</translation>
    </message>
    <message>
        <source>What the agent&apos;s plugins can do with this chat</source>
        <translation>ما يمكن لإضافات الوكيل فعله بهذه المحادثة</translation>
    </message>
</context>
<context>
    <name>ChatCommands</name>
    <message>
        <source>This chat is kept on its agent server; export works for chats of this computer.</source>
        <translation>هذه المحادثة محفوظة على خادم وكيلها؛ والتصدير متاح لمحادثات هذا الحاسوب فقط.</translation>
    </message>
    <message>
        <source>This chat runs on an agent server, and schedules run chats of this computer: use Schedules… to schedule a new chat here instead.</source>
        <translation>تعمل هذه المحادثة على خادم وكيل، والجداول تشغّل محادثات هذا الحاسوب: استخدم «الجداول…» لجدولة محادثة جديدة هنا بدلًا من ذلك.</translation>
    </message>
</context>
<context>
    <name>ChatDelegate</name>
    <message>
        <source>You</source>
        <extracomment>The rows&apos; headers and tool states, translated where drawn.</extracomment>
        <translation>أنت</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>المساعد</translation>
    </message>
    <message>
        <source>System</source>
        <translation>النظام</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>خطأ</translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>خوادم الأدوات</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>ملخّص</translation>
    </message>
    <message>
        <source>preparing…</source>
        <translation>جارٍ التجهيز…</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>في الانتظار</translation>
    </message>
    <message>
        <source>needs approval</source>
        <translation>بحاجة إلى موافقة</translation>
    </message>
    <message>
        <source>running</source>
        <translation>قيد التشغيل</translation>
    </message>
    <message>
        <source>done</source>
        <translation>تم</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>فشل</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>مرفوض</translation>
    </message>
    <message>
        <source>cancelled by you</source>
        <translation>ألغيتَها</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>يكتب…</translation>
    </message>
    <message numerus="yes">
        <source>Reasoning (%n words)</source>
        <translation>
            <numerusform>الاستدلال (%n كلمة)</numerusform>
            <numerusform>الاستدلال (كلمة واحدة)</numerusform>
            <numerusform>الاستدلال (كلمتان)</numerusform>
            <numerusform>الاستدلال (%n كلمات)</numerusform>
            <numerusform>الاستدلال (%n كلمة)</numerusform>
            <numerusform>الاستدلال (%n كلمة)</numerusform>
        </translation>
    </message>
    <message>
        <source>{state} · &lt; {seconds} s</source>
        <translation>{state} · &lt; {seconds} ث</translation>
    </message>
    <message>
        <source>{state} · {seconds} s</source>
        <translation>{state} · {seconds} ث</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>الوسائط</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>المخرجات</translation>
    </message>
</context>
<context>
    <name>ChatLayout</name>
    <message>
        <source>Copy</source>
        <translation>نسخ</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>تعديل</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>إعادة المحاولة</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>حذف</translation>
    </message>
    <message>
        <source>The server named the model that answered “{server_model}”.</source>
        <translation>سمّى الخادم النموذج الذي أجاب «{server_model}».</translation>
    </message>
    <message>
        <source>[{kind}: could not be shown]</source>
        <translation>[{kind}: تعذّر العرض]</translation>
    </message>
</context>
<context>
    <name>ChatModel</name>
    <message>
        <source>Enter shows or hides the call&apos;s arguments and output.</source>
        <translation>يُظهر ⁦Enter⁩ وسائط الاستدعاء ومخرجاته أو يخفيها.</translation>
    </message>
    <message>
        <source>C copies, E edits, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C للنسخ، E للتعديل، Delete للحذف، السهمان الأيمن والأيسر لاختيار إجراء وEnter لتنفيذه؛ ومفتاح القائمة يعرض كل الإجراءات.</translation>
    </message>
    <message>
        <source>C copies, R retries, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C للنسخ، R لإعادة المحاولة، Delete للحذف، السهمان الأيمن والأيسر لاختيار إجراء وEnter لتنفيذه؛ ومفتاح القائمة يعرض كل الإجراءات.</translation>
    </message>
    <message>
        <source>C copies, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C للنسخ، Delete للحذف، السهمان الأيمن والأيسر لاختيار إجراء وEnter لتنفيذه؛ ومفتاح القائمة يعرض كل الإجراءات.</translation>
    </message>
    <message>
        <source>The request failed.</source>
        <translation>فشل الطلب.</translation>
    </message>
</context>
<context>
    <name>ChatSending</name>
    <message>
        <source>Type the message for the models first, then choose them.</source>
        <translation>اكتب الرسالة الموجهة إلى النماذج أولًا، ثم اخترها.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>جارٍ الإيقاف…</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Regenerate</source>
        <translation>إعادة التوليد</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>الإصدار السابق</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>الإصدار التالي</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>المحادثة</translation>
    </message>
    <message>
        <source>{role} message {number}</source>
        <translation>رسالة {role} رقم {number}</translation>
    </message>
    <message>
        <source>{role} message</source>
        <translation>رسالة {role}</translation>
    </message>
    <message>
        <source>denied by you</source>
        <translation>رفضتَه</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation>نُسخ الرمز البرمجي</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>إجراءات الرسالة</translation>
    </message>
    <message>
        <source>Fork chat from here</source>
        <translation>تفريع المحادثة من هنا</translation>
    </message>
    <message>
        <source>A new chat with the messages up to this one</source>
        <translation>محادثة جديدة تضم الرسائل حتى هذه الرسالة</translation>
    </message>
    <message>
        <source>Show all text</source>
        <translation>عرض النص كاملًا</translation>
    </message>
    <message>
        <source>Show the view full screen</source>
        <translation>إظهار العرض بملء الشاشة</translation>
    </message>
    <message>
        <source>Message copied</source>
        <translation>نُسخت الرسالة</translation>
    </message>
</context>
<context>
    <name>CollectionPage</name>
    <message>
        <source>New {noun} id</source>
        <extracomment>Marked in PAGE_WORDS like the title; `noun` also names the list for tests and styles. New entries are named by typing an id (MCP servers); otherwise `add_clicked` makes one. The config section the entries live in (its unreadable entries are listed on the page).</extracomment>
        <translation>معرّف {noun} الجديد</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>إضافة</translation>
    </message>
    <message>
        <source>Add {noun}</source>
        <translation>إضافة {noun}</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>إزالة</translation>
    </message>
    <message>
        <source>No {noun} yet: add one on the left.</source>
        <translation>لا يوجد {noun} بعد: أضف واحدًا من اليسار.</translation>
    </message>
    <message>
        <source>Type an id for the new {noun} first.</source>
        <translation>اكتب أولًا معرّفًا لـ{noun} الجديد.</translation>
    </message>
    <message>
        <source>There is already a {noun} “{entry_id}”.</source>
        <translation>يوجد {noun} باسم «{entry_id}» بالفعل.</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>صحّح الحقول المميزة في «{current_id}» أولًا.</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>Answers side by side</source>
        <translation>الإجابات جنبًا إلى جنب</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>إغلاق</translation>
    </message>
    <message>
        <source>Close the answers side by side</source>
        <translation>إغلاق عرض الإجابات جنبًا إلى جنب</translation>
    </message>
    <message numerus="yes">
        <source>%n models answer; each answer is kept as a version (‹ ›).</source>
        <translation>
            <numerusform>يجيب %n نموذج؛ وتُحفظ كل إجابة كإصدار (‹ ›).</numerusform>
            <numerusform>يجيب نموذج واحد؛ وتُحفظ كل إجابة كإصدار (‹ ›).</numerusform>
            <numerusform>يجيب نموذجان؛ وتُحفظ كل إجابة كإصدار (‹ ›).</numerusform>
            <numerusform>تجيب %n نماذج؛ وتُحفظ كل إجابة كإصدار (‹ ›).</numerusform>
            <numerusform>يجيب %n نموذجًا؛ وتُحفظ كل إجابة كإصدار (‹ ›).</numerusform>
            <numerusform>يجيب %n نموذج؛ وتُحفظ كل إجابة كإصدار (‹ ›).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Completion</name>
    <message>
        <source>Arguments for {command}</source>
        <translation>وسائط {command}</translation>
    </message>
    <message>
        <source>{command}: arguments</source>
        <translation>{command}: الوسائط</translation>
    </message>
    <message>
        <source>The prompt {command} failed: {error}</source>
        <translation>فشلت التعليمة {command}: {error}</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Drop the files here to attach them to your message</source>
        <translation>أفلت الملفات هنا لإرفاقها برسالتك</translation>
    </message>
    <message>
        <source>Composer</source>
        <translation>مربع الكتابة</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>مشكلة في المرفق</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>إرفاق ملفات</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>إرسال</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>إرسال الرسالة</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>إيقاف</translation>
    </message>
    <message>
        <source>Stop generating (Esc)</source>
        <translation>إيقاف التوليد (Esc)</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>إيقاف التوليد</translation>
    </message>
    <message>
        <source>The attachments are still being prepared; send in a moment.</source>
        <translation>ما زال تجهيز المرفقات جاريًا؛ أرسل بعد لحظات.</translation>
    </message>
    <message>
        <source>Choose files to attach</source>
        <translation>اختر الملفات المراد إرفاقها</translation>
    </message>
    <message>
        <source>Still starting up; attach the files again in a moment.</source>
        <translation>ما زال التطبيق يبدأ؛ أرفق الملفات مرة أخرى بعد لحظات.</translation>
    </message>
    <message>
        <source>Still starting up; paste the image again in a moment.</source>
        <translation>ما زال التطبيق يبدأ؛ الصق الصورة مرة أخرى بعد لحظات.</translation>
    </message>
    <message>
        <source>Could not attach the files: {error}</source>
        <translation>تعذّر إرفاق الملفات: {error}</translation>
    </message>
    <message>
        <source>Still starting up; attach it again in a moment.</source>
        <translation>ما زال التطبيق يبدأ؛ أرفقه مرة أخرى بعد لحظات.</translation>
    </message>
    <message>
        <source>Could not attach it: {error}</source>
        <translation>تعذّر إرفاقه: {error}</translation>
    </message>
    <message>
        <source>“{name}” is already attached.</source>
        <translation>«{name}» مرفق من قبل.</translation>
    </message>
    <message>
        <source>“{name}” is already attached (as “{twin}”).</source>
        <translation>«{name}» مرفق من قبل (باسم «{twin}»).</translation>
    </message>
    <message>
        <source>The model {model} does not take images: it would get the message without them. Pick a model marked for images in the model picker.</source>
        <translation>النموذج {model} لا يقبل الصور: ستصله الرسالة من دونها. اختر من منتقي النماذج نموذجًا مُعلَّمًا بأنه يقبل الصور.</translation>
    </message>
    <message numerus="yes">
        <source>Attached %n file(s) from “{name}”.</source>
        <translation>
            <numerusform>أُرفق %n ملف من «{name}».</numerusform>
            <numerusform>أُرفق ملف واحد من «{name}».</numerusform>
            <numerusform>أُرفق ملفان من «{name}».</numerusform>
            <numerusform>أُرفقت %n ملفات من «{name}».</numerusform>
            <numerusform>أُرفق %n ملفًا من «{name}».</numerusform>
            <numerusform>أُرفق %n ملف من «{name}».</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComposerEdit</name>
    <message>
        <source>Message</source>
        <translation>الرسالة</translation>
    </message>
    <message>
        <source>Message the agent…  (Enter to send, Shift+Enter for a new line)</source>
        <translation>راسل الوكيل…  (⁦Enter⁩ للإرسال، ⁦Shift+Enter⁩ لسطر جديد)</translation>
    </message>
    <message>
        <source>Ctrl+Enter to send</source>
        <translation>⁦Ctrl+Enter⁩ للإرسال</translation>
    </message>
    <message>
        <source>Enter to send, Shift+Enter for a new line</source>
        <translation>⁦Enter⁩ للإرسال، ⁦Shift+Enter⁩ لسطر جديد</translation>
    </message>
    <message>
        <source>Message the agent…  ({hint})</source>
        <translation>راسل الوكيل…  ({hint})</translation>
    </message>
</context>
<context>
    <name>ConfirmActionDialog</name>
    <message>
        <source>Run “{action}”?</source>
        <translation>تشغيل «{action}»؟</translation>
    </message>
</context>
<context>
    <name>ConnectServerDialog</name>
    <message>
        <source>Connect to an agent server</source>
        <translation>الاتصال بخادم وكيل</translation>
    </message>
    <message>
        <source>Chat with an agent that runs on another computer or without a window. Start it there with &apos;agent-desktop serve&apos; and type what it printed.</source>
        <translation>حادِث وكيلًا يعمل على حاسوب آخر أو دون نافذة. شغّله هناك بالأمر &apos;agent-desktop serve&apos; واكتب ما طبعه.</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>عنوان الخادم</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>العنوان</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>رمز الوصول</translation>
    </message>
    <message>
        <source>Start an agent server on this computer…</source>
        <translation>تشغيل خادم وكيل على هذا الحاسوب…</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>اتصال</translation>
    </message>
    <message>
        <source>The server&apos;s certificate fingerprint (SHA-256) is {fingerprint}. Check that it is the one &apos;agent-desktop serve&apos; printed, then press Connect to trust it.</source>
        <translation>بصمة شهادة الخادم (SHA-256) هي {fingerprint}. تحقّق من أنها البصمة التي طبعها &apos;agent-desktop serve&apos;، ثم اضغط «اتصال» للوثوق بها.</translation>
    </message>
</context>
<context>
    <name>ConversationBinding</name>
    <message>
        <source>Preparing the new chat…</source>
        <translation>جارٍ تجهيز المحادثة الجديدة…</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>جاهز</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>يكتب…</translation>
    </message>
    <message>
        <source>Approval needed: {tool}</source>
        <translation>بحاجة إلى موافقة: {tool}</translation>
    </message>
    <message>
        <source>Asking several models…</source>
        <translation>جارٍ سؤال عدة نماذج…</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>يفكّر…</translation>
    </message>
    <message>
        <source>Answer finished</source>
        <translation>اكتملت الإجابة</translation>
    </message>
    <message>
        <source>Error: {what}</source>
        <translation>خطأ: {what}</translation>
    </message>
    <message>
        <source>Running a tool…</source>
        <translation>جارٍ تشغيل أداة…</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool} ({shortcut} to go there)</source>
        <translation>بانتظار موافقتك على {tool} (اضغط {shortcut} للانتقال إليها)</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool}</source>
        <translation>بانتظار موافقتك على {tool}</translation>
    </message>
</context>
<context>
    <name>CrashNotice</name>
    <message>
        <source>Agent Desktop closed unexpectedly last time.</source>
        <translation>أُغلق Agent Desktop على نحو غير متوقع في المرة السابقة.</translation>
    </message>
    <message>
        <source>The crash report is on the clipboard (secrets are left out of it).</source>
        <translation>تقرير الانهيار في الحافظة (دون أي أسرار).</translation>
    </message>
    <message>
        <source>No app to show text files was found; open the file above yourself, or copy the report.</source>
        <translation>لم يُعثر على تطبيق لعرض الملفات النصية؛ افتح الملف المذكور أعلاه بنفسك، أو انسخ التقرير.</translation>
    </message>
    <message>
        <source>Its report is kept in {path}; nothing was sent anywhere.</source>
        <translation>التقرير محفوظ في {path}؛ ولم يُرسَل إلى أي مكان.</translation>
    </message>
    <message>
        <source>Its report could not be kept in the log folder; copy it now to keep it.</source>
        <translation>تعذّر حفظ التقرير في مجلد السجلات؛ انسخه الآن للاحتفاظ به.</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>نسخ التقرير</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>فتح التقرير</translation>
    </message>
</context>
<context>
    <name>DataTransfer</name>
    <message>
        <source>Export all my data</source>
        <translation>تصدير كل بياناتي</translation>
    </message>
    <message>
        <source>Zip archives (*.zip)</source>
        <translation>أرشيفات ZIP (*.zip)</translation>
    </message>
    <message>
        <source>Exporting your data…</source>
        <translation>جارٍ تصدير بياناتك…</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>أُلغي التصدير؛ لم يُكتب أي ملف.</translation>
    </message>
    <message>
        <source>The export failed: {error}</source>
        <translation>فشل التصدير: {error}</translation>
    </message>
    <message>
        <source>Exported your data to {path}.</source>
        <translation>صُدّرت بياناتك إلى {path}.</translation>
    </message>
    <message>
        <source>Secrets written in the settings were left out: {names}. Enter them again on the other computer.</source>
        <translation>لم تُصدَّر الأسرار المكتوبة يدويًا في الإعدادات: {names}. أدخلها مجددًا على الحاسوب الآخر.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <source>Import data</source>
        <translation>استيراد البيانات</translation>
    </message>
    <message>
        <source>Agent Desktop data (*.zip)</source>
        <translation>بيانات Agent Desktop (*.zip)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>كل الملفات (*)</translation>
    </message>
    <message>
        <source>Nothing was imported: {error}</source>
        <translation>لم يُستورد شيء: {error}</translation>
    </message>
    <message>
        <source>Importing your data…</source>
        <translation>جارٍ استيراد بياناتك…</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>لم تُستورد أي محادثة.</numerusform>
            <numerusform>استُوردت محادثة واحدة.</numerusform>
            <numerusform>استُوردت محادثتان.</numerusform>
            <numerusform>استُوردت %n محادثات.</numerusform>
            <numerusform>استُوردت %n محادثة.</numerusform>
            <numerusform>استُوردت %n محادثة.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DroppedPaths</name>
    <message>
        <source>Drop to install the skill “{name}”, make a project of the folder or attach its files — you choose next</source>
        <translation>أفلِت لتثبيت المهارة «{name}» أو إنشاء مشروع من المجلد أو إرفاق ملفاته — ستختار بعد ذلك</translation>
    </message>
    <message>
        <source>Drop to make a project of “{name}” or attach its files — you choose next</source>
        <translation>أفلِت لإنشاء مشروع من «{name}» أو إرفاق ملفاته — ستختار بعد ذلك</translation>
    </message>
    <message>
        <source>Drop to attach “{name}”, or install the skill it holds — you choose next</source>
        <translation>أفلِت لإرفاق «{name}» أو تثبيت المهارة التي يحملها — ستختار بعد ذلك</translation>
    </message>
    <message>
        <source>Drop: the files are attached; you choose what happens with each folder</source>
        <translation>أفلِت: تُرفق الملفات، وتختار ما يحدث لكل مجلد</translation>
    </message>
    <message>
        <source>What should happen with “{name}”?</source>
        <translation>ماذا تريد أن تفعل بـ«{name}»؟</translation>
    </message>
    <message>
        <source>What should happen with the folder “{name}”?</source>
        <translation>ماذا تريد أن تفعل بالمجلد «{name}»؟</translation>
    </message>
    <message>
        <source>A project keeps its chats together; they work with the folder&apos;s files, its instructions and pinned files.</source>
        <translation>يجمع المشروع محادثاته معًا؛ وتعمل بملفات المجلد وتعليماته وملفاته المثبّتة.</translation>
    </message>
    <message>
        <source>It holds a SKILL.md: as a skill it teaches the agent a task.</source>
        <translation>يحتوي على SKILL.md: بوصفه مهارة يعلّم الوكيل مهمة.</translation>
    </message>
    <message>
        <source>Install as skill</source>
        <translation>تثبيت كمهارة</translation>
    </message>
    <message>
        <source>Make a project</source>
        <translation>إنشاء مشروع</translation>
    </message>
    <message>
        <source>Attach its files</source>
        <translation>إرفاق ملفاته</translation>
    </message>
    <message>
        <source>“{name}” holds a skill. Install it?</source>
        <translation>يحتوي «{name}» على مهارة. هل تريد تثبيتها؟</translation>
    </message>
    <message>
        <source>A skill teaches the agent a task; or attach the archive.</source>
        <translation>تعلّم المهارة الوكيل مهمة؛ أو أرفق الأرشيف.</translation>
    </message>
    <message>
        <source>Attach the archive</source>
        <translation>إرفاق الأرشيف</translation>
    </message>
    <message>
        <source>Made the project “{name}”; its new chat works in {folder}.</source>
        <translation>أُنشئ المشروع «{name}»؛ وتعمل محادثته الجديدة في {folder}.</translation>
    </message>
    <message>
        <source>{name} was not installed as a skill.</source>
        <translation>لم يُثبَّت {name} كمهارة.</translation>
    </message>
    <message>
        <source>“{name}” holds no files to attach (the folders in it are not).</source>
        <translation>لا يحتوي «{name}» على ملفات لإرفاقها (لا تُرفق المجلدات التي فيه).</translation>
    </message>
</context>
<context>
    <name>Elicitation</name>
    <message>
        <source>{server} asks for input</source>
        <translation>يطلب {server} مدخلات</translation>
    </message>
    <message>
        <source>{server} asks you to open a web page</source>
        <translation>يطلب {server} فتح صفحة ويب</translation>
    </message>
    <message>
        <source>A tool server</source>
        <translation>أحد خوادم الأدوات</translation>
    </message>
    <message>
        <source>{server} is asking for your input</source>
        <translation>يطلب {server} مدخلات منك</translation>
    </message>
</context>
<context>
    <name>ElicitationFormDialog</name>
    <message>
        <source>Some fields could not be shown:</source>
        <translation>تعذّر عرض بعض الحقول:</translation>
    </message>
</context>
<context>
    <name>ElicitationLinkDialog</name>
    <message>
        <source>The page is on {host}.
Full address: {url}</source>
        <translation>الصفحة على {host}.
العنوان الكامل: {url}</translation>
    </message>
    <message>
        <source>Page address</source>
        <translation>عنوان الصفحة</translation>
    </message>
</context>
<context>
    <name>EmptyChatHint</name>
    <message>
        <source>Explain some code</source>
        <extracomment>(button, prompt), both in the user&apos;s language when shown: the model answers in it too.</extracomment>
        <translation>شرح شيفرة</translation>
    </message>
    <message>
        <source>Explain what this code does, step by step:

</source>
        <translation>اشرح ما تفعله هذه الشيفرة خطوة بخطوة:

</translation>
    </message>
    <message>
        <source>Summarise a file</source>
        <translation>تلخيص ملف</translation>
    </message>
    <message>
        <source>Summarise the attached file in five bullet points.</source>
        <translation>لخّص الملف المرفق في خمس نقاط.</translation>
    </message>
    <message>
        <source>Draft a message</source>
        <translation>صياغة رسالة</translation>
    </message>
    <message>
        <source>Draft a short, friendly message that </source>
        <translation>اكتب رسالة قصيرة وودية </translation>
    </message>
    <message>
        <source>Plan a task</source>
        <translation>تخطيط مهمة</translation>
    </message>
    <message>
        <source>Help me plan this task, with the steps in order: </source>
        <translation>ساعدني في تخطيط هذه المهمة بخطوات مرتبة: </translation>
    </message>
    <message>
        <source>Start a conversation</source>
        <translation>ابدأ محادثة</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>بمَ يمكنني مساعدتك؟</translation>
    </message>
    <message>
        <source>Type below, drop a file on the window, or start from one of these:</source>
        <translation>اكتب في الأسفل، أو أفلت ملفًا على النافذة، أو ابدأ بأحد هذه الاقتراحات:</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>Cannot attach {source}: the file does not exist.</source>
        <translation>تعذّر إرفاق {source}: الملف غير موجود.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: {reason}.</source>
        <translation>تعذّر إرفاق {source}: {reason}.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is a folder, not a file.</source>
        <translation>تعذّر إرفاق {source}: إنه مجلد وليس ملفًا.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is not a regular file.</source>
        <translation>تعذّر إرفاق {source}: ليس ملفًا عاديًا.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: permission to read it was denied.</source>
        <translation>تعذّر إرفاق {source}: لا يوجد إذن بقراءته.</translation>
    </message>
    <message>
        <source>{name} is {shown}, larger than the attachment limit of {limit}. Nothing was stored; attach a smaller file or raise the limit in Settings.</source>
        <translation>حجم {name} هو {shown}، وهو أكبر من حد المرفقات البالغ {limit}. لم يُحفظ شيء؛ أرفق ملفًا أصغر أو ارفع الحد من الإعدادات.</translation>
    </message>
    <message>
        <source>Cannot attach {name}: there is no conversation with id {session_id}.</source>
        <translation>تعذّر إرفاق {name}: لا توجد محادثة بالمعرّف {session_id}.</translation>
    </message>
    <message>
        <source>Could not store {name}: {reason} Nothing was stored.</source>
        <translation>تعذّر حفظ {name}: {reason} لم يُحفظ شيء.</translation>
    </message>
    <message>
        <source>There is no attachment with id {asset_id}; it may have been removed.</source>
        <translation>لا يوجد مرفق بالمعرّف {asset_id}؛ ربما أُزيل.</translation>
    </message>
    <message>
        <source>The folder holding {name} in the asset store was replaced by a link; it is not read. Attach the file again.</source>
        <translation>استُبدل المجلد الذي يحفظ {name} في مخزن المرفقات برابط، فلن يُقرأ. أرفق الملف مرة أخرى.</translation>
    </message>
    <message>
        <source>The attachment {name} is no longer in the asset store (its file was removed from disk). Attach it again.</source>
        <translation>لم يعد المرفق {name} في مخزن المرفقات (حُذف ملفه من القرص). أرفقه مرة أخرى.</translation>
    </message>
    <message>
        <source>The stored file of {name} was replaced by a link; it is not read. Attach the file again.</source>
        <translation>استُبدل الملف المحفوظ لـ {name} برابط، فلن يُقرأ. أرفق الملف مرة أخرى.</translation>
    </message>
    <message>
        <source>Could not read the attachment {name}: {reason}</source>
        <translation>تعذّرت قراءة المرفق {name}: {reason}</translation>
    </message>
    <message>
        <source>The stored digest {sha256} is malformed; the record is damaged.</source>
        <translation>البصمة المحفوظة {sha256} مشوّهة؛ السجل تالف.</translation>
    </message>
    <message>
        <source>The attachment part {name} names no asset and carries no content.</source>
        <translation>جزء المرفق {name} لا يشير إلى ملف محفوظ ولا يحمل محتوى.</translation>
    </message>
    <message>
        <source>The attachment {name} cannot be read: no asset store is open.</source>
        <translation>تتعذّر قراءة المرفق {name}: لا يوجد مخزن مرفقات مفتوح.</translation>
    </message>
    <message>
        <source>The attachment {name} has a malformed data URL.</source>
        <translation>عنوان URL للبيانات في المرفق {name} مشوّه.</translation>
    </message>
    <message>
        <source>The attachment {name} has a data URL that is not base64.</source>
        <translation>عنوان URL للبيانات في المرفق {name} ليس بترميز base64.</translation>
    </message>
    <message>
        <source>The agent is still working in this chat. Wait for it or stop it first.</source>
        <translation>لا يزال الوكيل يعمل في هذه المحادثة. انتظره أو أوقفه أولًا.</translation>
    </message>
    <message>
        <source>“{label}” was cancelled.</source>
        <translation>أُلغي «{label}».</translation>
    </message>
    <message>
        <source>{path} does not hold a valid conversation ({error}).</source>
        <translation>لا يحوي {path} محادثة صالحة ({error}).</translation>
    </message>
    <message>
        <source>“{title}” is already in your chats, unchanged: it was opened instead of copied.</source>
        <translation>«{title}» موجودة في محادثاتك بلا تغيير: فُتحت بدلًا من نسخها.</translation>
    </message>
    <message>
        <source>“{title}”: the chat&apos;s own settings in the file ({names}) were not applied. An imported chat keeps its messages and attachments and uses your settings.</source>
        <translation>«{title}»: لم تُطبَّق إعدادات المحادثة الخاصة بها الموجودة في الملف ({names}). تحتفظ المحادثة المستوردة برسائلها ومرفقاتها وتستخدم إعداداتك.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the file does not exist.</source>
        <translation>تعذّر استيراد {path}: الملف غير موجود.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it could not be read ({error}).</source>
        <translation>تعذّر استيراد {path}: تعذّرت قراءته ({error}).</translation>
    </message>
    <message>
        <source>Cannot import {path}: {error}, so it was not imported.</source>
        <translation>تعذّر استيراد {path}: {error}، لذا لم يُستورد.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not a JSON session export. Only files exported as JSON by Agent Desktop can be imported (Markdown exports are for reading).</source>
        <translation>تعذّر استيراد {path}: ليس جلسة مُصدَّرة بصيغة JSON. لا يمكن استيراد إلا الملفات التي صدّرها Agent Desktop بصيغة JSON (ملفات Markdown المُصدَّرة للقراءة فقط).</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not an Agent Desktop session export.</source>
        <translation>تعذّر استيراد {path}: ليس جلسة صدّرها Agent Desktop.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it was written in export version {version}, this app reads version {supported}. Update the app.</source>
        <translation>تعذّر استيراد {path}: كُتب بإصدار التصدير {version}، وهذا التطبيق يقرأ الإصدار {supported}. حدّث التطبيق.</translation>
    </message>
    <message>
        <source>Cannot import {path}: {reason}, so it was not imported.</source>
        <translation>تعذّر استيراد {path}: {reason}، لذا لم يُستورد.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} is damaged.</source>
        <translation>تعذّر استيراد {path}: المرفق {name} تالف.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} does not match its checksum.</source>
        <translation>تعذّر استيراد {path}: المرفق {name} لا يطابق مجموع التحقق الخاص به.</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({error}). Check that it runs and that this address is right.</source>
        <translation>يتعذّر الوصول إلى خادم الوكيل على {url} ({error}). تحقّق من أنه يعمل ومن صحة هذا العنوان.</translation>
    </message>
    <message>
        <source>The agent server at {url} presented another certificate than the one pinned when you connected: someone may be in between. If the server&apos;s certificate was renewed, connect again and compare the fingerprint it prints.</source>
        <translation>قدّم خادم الوكيل على {url} شهادة غير التي ثُبّتت عند الاتصال: ربما يتوسّط أحدٌ الاتصال. إن جُدّدت شهادة الخادم، فاتصل مرة أخرى وقارن البصمة التي يعرضها.</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({kind}). Check that it runs and that this address is right.</source>
        <translation>يتعذّر الوصول إلى خادم الوكيل على {url} ({kind}). تحقّق من أنه يعمل ومن صحة هذا العنوان.</translation>
    </message>
    <message>
        <source>The agent server at {url} refused the token: it is wrong or was revoked. Connect again with the token the server showed.</source>
        <translation>رفض خادم الوكيل على {url} الرمز: إما أنه خاطئ أو أُلغي. اتصل مرة أخرى بالرمز الذي عرضه الخادم.</translation>
    </message>
    <message>
        <source>The agent server at {url} answered {status_code}: {reason}</source>
        <translation>ردّ خادم الوكيل على {url} بالرمز {status_code}: {reason}</translation>
    </message>
    <message>
        <source>Attachments cannot be sent to the agent server {server_label} from here.</source>
        <translation>لا يمكن إرسال مرفقات إلى خادم الوكيل {server_label} من هنا.</translation>
    </message>
    <message>
        <source>There is no chat with id {session_id}.</source>
        <extracomment>Events whose payload is a live object or only means something inside this process. Where a tool the server runs is said to run (the client&apos;s tool row shows it).</extracomment>
        <translation>لا توجد محادثة بالمعرّف {session_id}.</translation>
    </message>
    <message>
        <source>The agent is still working in this chat: POST /sessions/{session_id}/cancel and wait for its request_finished event before deleting it.</source>
        <translation>لا يزال الوكيل يعمل في هذه المحادثة: أرسل POST /sessions/{session_id}/cancel وانتظر حدث request_finished قبل حذفها.</translation>
    </message>
    <message>
        <source>Answers cut off when the app last stopped could not be recovered: {error} They stay in the database for the next start.</source>
        <translation>تعذّر استرداد الإجابات التي انقطعت عند آخر توقف للتطبيق: {error} ستبقى في قاعدة البيانات حتى التشغيل التالي.</translation>
    </message>
    <message>
        <source>Answers were cut off when the app last stopped: {count}. What had arrived was kept and marked as incomplete.</source>
        <translation>انقطعت إجابات عند آخر توقف للتطبيق: {count}. حُفظ ما وصل منها ووُسم بأنه غير مكتمل.</translation>
    </message>
    <message>
        <source>Unknown export format {format}; use &apos;markdown&apos; or &apos;json&apos;.</source>
        <translation>صيغة تصدير غير معروفة {format}؛ استخدم &apos;markdown&apos; أو &apos;json&apos;.</translation>
    </message>
    <message>
        <source>{what} could not be saved because it holds a value that is not plain JSON ({error}). Nothing was changed.</source>
        <translation>تعذّر حفظ {what} لأنه يحوي قيمة ليست JSON بسيطًا ({error}). لم يتغيّر شيء.</translation>
    </message>
    <message>
        <source>The session database {path} was written by a newer version of the app (schema {current}; this version knows up to {latest}). It was opened read-only so nothing is lost; update the app to edit it.</source>
        <translation>كتب قاعدةَ بيانات الجلسات {path} إصدارٌ أحدث من التطبيق (المخطط {current}؛ وهذا الإصدار يعرف حتى {latest}). فُتحت للقراءة فقط حتى لا يضيع شيء؛ حدّث التطبيق لتعديلها.</translation>
    </message>
    <message>
        <source>A copy was kept as {name}.</source>
        <translation>احتُفظ بنسخة باسم {name}.</translation>
    </message>
    <message>
        <source>Upgrading the session database {path} to schema {version} failed ({error}). It was left at schema {schema_version} and opened read-only.{kept}</source>
        <translation>فشلت ترقية قاعدة بيانات الجلسات {path} إلى المخطط {version} ({error}). بقيت على المخطط {schema_version} وفُتحت للقراءة فقط.{kept}</translation>
    </message>
    <message>
        <source>The session database is healthy; there is nothing to replace.</source>
        <translation>قاعدة بيانات الجلسات سليمة؛ لا يوجد ما يُستبدل.</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason}</source>
        <translation>تعذّر حفظ {what}: {reason}</translation>
    </message>
    <message>
        <source>the database is read-only.</source>
        <translation>قاعدة البيانات للقراءة فقط.</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason} The previous version is kept unchanged.</source>
        <translation>تعذّر حفظ {what}: {reason} بقيت النسخة السابقة دون تغيير.</translation>
    </message>
    <message>
        <source>Could not save {label}: it changed while this change was being made ({stored} messages stored, {expected_message_count} expected). Nothing was overwritten; try again.</source>
        <translation>تعذّر حفظ {label}: تغيّر أثناء إجراء هذا التغيير ({stored} رسائل محفوظة، والمتوقع {expected_message_count}). لم يُستبدل شيء؛ حاول مرة أخرى.</translation>
    </message>
    <message>
        <source>The message could not be saved: it is not a valid message ({error}). Nothing was changed.</source>
        <translation>تعذّر حفظ الرسالة: ليست رسالة صالحة ({error}). لم يتغيّر شيء.</translation>
    </message>
    <message>
        <source>Message {number} of the conversation is no longer stored (the message or its conversation was deleted); nothing was written.</source>
        <translation>لم تعد الرسالة {number} من المحادثة محفوظة (حُذفت الرسالة أو محادثتها)؛ لم يُكتب شيء.</translation>
    </message>
    <message>
        <source>Part of the session database {path} is damaged and could not be read ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>جزء من قاعدة بيانات الجلسات {path} تالف وتعذّرت قراءته ({error}). أعد تشغيل التطبيق: سيحتفظ بنسخة من الملف ويفتح ما يمكن قراءته.</translation>
    </message>
    <message>
        <source>Searching the session database {path} failed because part of it is damaged ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>فشل البحث في قاعدة بيانات الجلسات {path} لأن جزءًا منها تالف ({error}). أعد تشغيل التطبيق: سيحتفظ بنسخة من الملف ويفتح ما يمكن قراءته.</translation>
    </message>
    <message>
        <source>There is no conversation with id {session_id}; it may have been deleted.</source>
        <translation>لا توجد محادثة بالمعرّف {session_id}؛ ربما حُذفت.</translation>
    </message>
    <message>
        <source>Every tool server is ready now.</source>
        <translation>كل خوادم الأدوات جاهزة الآن.</translation>
    </message>
    <message>
        <source>The agent is still working in this conversation. Wait for it to finish or stop it, then send again.</source>
        <translation>لا يزال الوكيل يعمل في هذه المحادثة. انتظر حتى ينتهي أو أوقفه، ثم أرسل مرة أخرى.</translation>
    </message>
    <message>
        <source>Stopped after {rounds} rounds of tool calls (the limit set in Settings → Tools). Send a message to let the agent continue.</source>
        <translation>توقّف بعد {rounds} جولات من استدعاء الأدوات (الحد المضبوط في الإعدادات ← الأدوات). أرسل رسالة ليتابع الوكيل.</translation>
    </message>
    <message>
        <source>Parameters for action &apos;{action_id}&apos; must be an object, not {kind}.</source>
        <translation>يجب أن تكون معاملات الإجراء &apos;{action_id}&apos; كائنًا، لا {kind}.</translation>
    </message>
    <message>
        <source>Invalid parameters for action &apos;{action_id}&apos;: {listing}.</source>
        <translation>معاملات غير صالحة للإجراء &apos;{action_id}&apos;: {listing}.</translation>
    </message>
    <message>
        <source>turned off for this request</source>
        <translation>عُطّل لهذا الطلب</translation>
    </message>
    <message>
        <source>The plugin &apos;{plugin}&apos; failed in {hook} and was {left_out}: {detail}</source>
        <translation>فشلت الإضافة &apos;{plugin}&apos; في {hook} و{left_out}: {detail}</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>استُبعدت</translation>
    </message>
    <message>
        <source>its tools were left out of this request</source>
        <translation>استُبعدت أدواتها من هذا الطلب</translation>
    </message>
    <message>
        <source>No provider is registered; register one before requests.</source>
        <translation>لا يوجد مزوّد مسجّل؛ سجّل مزوّدًا قبل إرسال الطلبات.</translation>
    </message>
    <message>
        <source>No provider named &apos;{name}&apos; is registered. Registered providers: {providers}.</source>
        <translation>لا يوجد مزوّد مسجّل باسم &apos;{name}&apos;. المزوّدون المسجّلون: {providers}.</translation>
    </message>
    <message>
        <source>in the way, so no {trigger} action ran</source>
        <translation>عائقًا، فلم يُنفّذ أي إجراء لـ {trigger}</translation>
    </message>
    <message>
        <source>skipped for {trigger}</source>
        <translation>تُخطّيت عند {trigger}</translation>
    </message>
    <message>
        <source>There is no agent {key} in the config (known agents: {known}). Pick another agent or add this one in Settings.</source>
        <translation>لا يوجد وكيل {key} في الإعدادات (الوكلاء المعروفون: {known}). اختر وكيلًا آخر أو أضف هذا الوكيل من الإعدادات.</translation>
    </message>
    <message>
        <source>This chat uses the provider {provider}, which is no longer configured. Pick another model for the chat in the model picker, or add the provider again under Settings → Providers.</source>
        <extracomment>How a setting reads a value from the environment, the same in every language (a value of the marked sentences, not part of their text: its braces are not a field of theirs). Keys `build_agent_config` adds to the flat config besides the provider&apos;s and agent&apos;s own.</extracomment>
        <translation>تستخدم هذه المحادثة المزوّد {provider}، وهو لم يعد مُعدًّا. اختر نموذجًا آخر للمحادثة من منتقي النماذج، أو أضف المزوّد من جديد في الإعدادات ← المزوّدون.</translation>
    </message>
    <message>
        <source>Agent {agent} uses the provider {provider}, which is not configured. Add it under Settings → Providers or pick another provider for the agent.</source>
        <translation>يستخدم الوكيل {agent} المزوّد {provider}، وهو غير مُعدّ. أضفه في الإعدادات ← المزوّدون أو اختر مزوّدًا آخر للوكيل.</translation>
    </message>
    <message>
        <source>{setting} refers to the environment variable {name}, which is not set. Set it before starting the app, or store the key in Settings instead.</source>
        <translation>{setting} يشير إلى متغير البيئة {name}، وهو غير مُعيَّن. عيّنه قبل تشغيل التطبيق، أو احفظ المفتاح في الإعدادات بدلًا من ذلك.</translation>
    </message>
    <message>
        <source>{setting} refers to a keyring secret; none is open.</source>
        <translation>{setting} يشير إلى سرّ في حلقة المفاتيح، لكن لا توجد حلقة مفتوحة.</translation>
    </message>
    <message>
        <source>{setting} could not be read: {error}</source>
        <translation>تعذّرت قراءة {setting}: {error}</translation>
    </message>
    <message>
        <source>{setting} refers to the keyring secret {name}, which is not stored (a key kept for one session only is gone after a restart). Enter the key again in Settings → Providers, or use {reference} to read it from the environment.</source>
        <translation>{setting} يشير إلى سرّ حلقة المفاتيح {name}، وهو غير محفوظ (المفتاح المحفوظ لهذه الجلسة فقط يزول بعد إعادة التشغيل). أدخل المفتاح مرة أخرى في الإعدادات ← المزوّدون، أو استخدم {reference} لقراءته من البيئة.</translation>
    </message>
    <message>
        <source>The API key</source>
        <translation>مفتاح API</translation>
    </message>
    <message>
        <source>The setting {path}</source>
        <translation>الإعداد {path}</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). They must be entered again after a restart, or referenced as {reference}.</source>
        <translation>محفوظ لهذه الجلسة فقط، ولم يُخزَّن: {names} ({reasons}). يجب إدخالها مرة أخرى بعد إعادة التشغيل، أو الإشارة إليها بـ {reference}.</translation>
    </message>
    <message>
        <source>Left in the config file as you wrote them, since no keyring can take them: {names}. Unlock or install a keyring to move them there, or reference them as {reference}.</source>
        <translation>تُركت في ملف الإعدادات كما كتبتها، إذ لا توجد حلقة مفاتيح تستطيع حفظها: {names}. افتح حلقة مفاتيح أو ثبّتها لنقلها إليها، أو أشر إليها بـ {reference}.</translation>
    </message>
    <message>
        <source>Some entries of {path} could not be read and were set aside ({details}). Everything else is used; the set-aside entries stay in the file unchanged. {copy} Fix or remove them there.</source>
        <translation>تعذّرت قراءة بعض إدخالات {path} فوُضعت جانبًا ({details}). يُستخدم كل ما عداها؛ وتبقى الإدخالات الموضوعة جانبًا في الملف دون تغيير. {copy} أصلحها أو احذفها هناك.</translation>
    </message>
    <message>
        <source>The config file could not be rewritten ({error}); the change is used for this run and saved with the next change in Settings.</source>
        <translation>تعذّرت إعادة كتابة ملف الإعدادات ({error})؛ يُستخدم التغيير في هذا التشغيل ويُحفظ مع التغيير التالي في الإعدادات.</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} of its provider; they were moved to the provider {provider}, where they belong.</source>
        <translation>كان الوكيل {agent} يحتفظ بـ {keys} الخاصة بمزوّده؛ فنُقلت إلى المزوّد {provider} حيث مكانها.</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} for a provider; they were removed (its provider entry has its own). Check Settings → Providers.</source>
        <translation>كان الوكيل {agent} يحتفظ بـ {keys} لمزوّد؛ فأُزيلت (لإدخال مزوّده قيمه الخاصة). راجع الإعدادات ← المزوّدون.</translation>
    </message>
    <message>
        <source>{path} holds plaintext secrets ({names}). They could not be moved to a keyring because none is available, so the file was left unchanged; they are used from memory for this run. They stay in the file until a keyring can take them.</source>
        <translation>يحتوي {path} على أسرار بنص صريح ({names}). تعذّر نقلها إلى حلقة مفاتيح لعدم توفر أي منها، لذا تُرك الملف دون تغيير؛ وتُستخدم من الذاكرة في هذا التشغيل. ستبقى في الملف إلى أن تتوفر حلقة مفاتيح تستقبلها.</translation>
    </message>
    <message>
        <source>Plaintext secrets in {path} could not be moved to the keyring: {error}</source>
        <translation>تعذّر نقل الأسرار المكتوبة بنص صريح في {path} إلى حلقة المفاتيح: {error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}), but the file could not be rewritten: {error}</source>
        <translation>نُقلت الأسرار المكتوبة بنص صريح من {path} إلى حلقة مفاتيح النظام ({names})، لكن تعذّرت إعادة كتابة الملف: {error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}); the file now holds references instead.</source>
        <translation>نُقلت الأسرار المكتوبة بنص صريح من {path} إلى حلقة مفاتيح النظام ({names})؛ ويحتوي الملف الآن على مراجع بدلًا منها.</translation>
    </message>
    <message>
        <source>you chose this session only</source>
        <translation>اخترتَ هذه الجلسة فقط</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <extracomment>The first sentences of `probe_keyring`&apos;s answers, which `SecretStore.headline` cuts out: marked too, so the window can show a headline in its own language.</extracomment>
        <translation>لا تتوفر حلقة مفاتيح في النظام.</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}).</source>
        <translation>لا يمكن استخدام حلقة مفاتيح النظام ({reason}).</translation>
    </message>
    <message>
        <source>No system keyring is available</source>
        <translation>لا تتوفر حلقة مفاتيح في النظام</translation>
    </message>
    <message>
        <source>No system keyring is available. API keys are kept in memory for this run only and must be entered again after a restart. Install and unlock a keyring service (for example GNOME Keyring or KWallet) to keep them.</source>
        <translation>لا تتوفر حلقة مفاتيح في النظام. تُحفظ مفاتيح API في الذاكرة لهذا التشغيل فقط ويجب إدخالها مرة أخرى بعد إعادة التشغيل. لحفظها، ثبّت خدمة حلقة مفاتيح (مثل GNOME Keyring أو KWallet) وافتح قفلها.</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}). API keys are kept in memory for this run only. Unlock or repair the keyring and restart to keep them.</source>
        <translation>لا يمكن استخدام حلقة مفاتيح النظام ({reason}). تُحفظ مفاتيح API في الذاكرة لهذا التشغيل فقط. لحفظها، افتح قفل حلقة المفاتيح أو أصلحها ثم أعد التشغيل.</translation>
    </message>
    <message>
        <source>{path} could not be read ({error}); fix or remove it, then export again.</source>
        <extracomment>What an archive may unpack to, all members together: a zip bomb is refused before reading. The parts an import may take, each with its own checkbox.</extracomment>
        <translation>تعذّرت قراءة {path} ({error})؛ أصلحه أو احذفه، ثم صدّر مرة أخرى.</translation>
    </message>
    <message>
        <source>{path} does not exist; choose the file again.</source>
        <extracomment>The settings to apply, when the user chose them (through the application&apos;s settings change: checked, written whole or not at all, announced to the window).</extracomment>
        <translation>{path} غير موجود؛ اختر الملف مرة أخرى.</translation>
    </message>
    <message>
        <source>{archive} is not a zip file ({error}); choose a file made by Export all my data.</source>
        <translation>{archive} ليس ملف zip ({error})؛ اختر ملفًا أُنشئ بواسطة «تصدير كل بياناتي».</translation>
    </message>
    <message>
        <source>{archive} holds {count} files, more than an export of Agent Desktop can ({limit}); it was not imported.</source>
        <translation>يحتوي {archive} على {count} ملفًا، أكثر مما يمكن أن يحتويه تصدير من Agent Desktop ({limit})؛ لم يُستورد.</translation>
    </message>
    <message>
        <source>{archive} would unpack to {total} bytes, more than the {limit} an import takes; it was not imported. Export again on the other computer.</source>
        <translation>سيبلغ حجم {archive} بعد فك ضغطه {total} بايت، أكثر من {limit} التي يقبلها الاستيراد؛ لم يُستورد. صدّر مرة أخرى على الحاسوب الآخر.</translation>
    </message>
    <message>
        <source>{archive} holds a file whose path leaves its folder ({member}); it is not an export of Agent Desktop and was not imported.</source>
        <translation>يحتوي {archive} على ملف يخرج مساره من مجلده ({member})؛ ليس تصديرًا من Agent Desktop ولم يُستورد.</translation>
    </message>
    <message>
        <source>{archive}: {member} is damaged ({error}); export again.</source>
        <translation>{archive}: {member} تالف ({error})؛ صدّر مرة أخرى.</translation>
    </message>
    <message>
        <source>{archive}: {member} is not valid JSON ({error}); export again.</source>
        <translation>{archive}: {member} ليس JSON صالحًا ({error})؛ صدّر مرة أخرى.</translation>
    </message>
    <message>
        <source>{archive} has no manifest.json: it is not an export of Agent Desktop. Choose a file made by File → Export all my data.</source>
        <translation>لا يحتوي {archive} على manifest.json: ليس تصديرًا من Agent Desktop. اختر ملفًا أُنشئ بواسطة «ملف ← تصدير كل بياناتي».</translation>
    </message>
    <message>
        <source>{archive}: its manifest does not name the format {format}; it is not an export of Agent Desktop.</source>
        <translation>{archive}: لا يذكر ملف البيان الخاص به التنسيق {format}؛ ليس تصديرًا من Agent Desktop.</translation>
    </message>
    <message>
        <source>{archive}: its manifest&apos;s version {version} is not a version.</source>
        <translation>{archive}: الإصدار {version} في ملف البيان ليس إصدارًا صالحًا.</translation>
    </message>
    <message>
        <source>{archive} was written by a newer Agent Desktop (format version {version}); this one reads up to version {supported}. Update the app, then import it.</source>
        <translation>كُتب {archive} بإصدار أحدث من Agent Desktop (إصدار التنسيق {version})؛ هذا الإصدار يقرأ حتى الإصدار {supported}. حدّث التطبيق، ثم استورده.</translation>
    </message>
    <message>
        <source>{archive}: {member} is not a JSON object; export again.</source>
        <translation>{archive}: {member} ليس كائن JSON؛ صدّر مرة أخرى.</translation>
    </message>
    <message>
        <source>{archive}: {member} has no list of {key}; export again.</source>
        <translation>{archive}: لا يحتوي {member} على قائمة «{key}»؛ صدّر مرة أخرى.</translation>
    </message>
    <message>
        <source>Memory was not imported: {reason}</source>
        <translation>لم تُستورد الذاكرة: {reason}</translation>
    </message>
    <message>
        <source>The skill {name} was not installed: {reason}</source>
        <translation>لم تُثبَّت المهارة {name}: {reason}</translation>
    </message>
    <message>
        <source>The project {name} was not added: its folder {folder} is not on this computer. Make it again from its folder (drop the folder on the window).</source>
        <translation>لم يُضَف المشروع {name}: مجلده {folder} غير موجود على هذا الحاسوب. أنشئه من جديد من مجلده (أفلت المجلد على النافذة).</translation>
    </message>
    <message>
        <source>A schedule was not imported: {error}</source>
        <translation>لم يُستورد أحد الجداول: {error}</translation>
    </message>
    <message>
        <source>Imported schedules are off: turn them on in Session → Schedules.</source>
        <translation>الجداول المستوردة متوقفة: شغّلها من الجلسة ← الجداول.</translation>
    </message>
    <message>
        <source>Tool servers were not imported: a file never decides what runs on this computer. Add them again in Settings → Tool servers.</source>
        <translation>لم تُستورد خوادم الأدوات: لا يقرّر ملفٌّ أبدًا ما يعمل على هذا الحاسوب. أضفها من جديد من الإعدادات ← خوادم الأدوات.</translation>
    </message>
    <message>
        <source>The setting {name} was not imported: its value is not valid.</source>
        <translation>لم يُستورد الإعداد {name}: قيمته غير صالحة.</translation>
    </message>
    <message>
        <source>The API key of {named} is no longer stored (a key kept for one session only is gone after a restart). Enter it again in Settings → Providers.</source>
        <translation>لم يعد مفتاح API الخاص بـ {named} محفوظًا (المفتاح المحفوظ لهذه الجلسة فقط يزول بعد إعادة التشغيل). أدخله مرة أخرى في الإعدادات ← المزوّدون.</translation>
    </message>
    <message>
        <source>The API keys of {named} are no longer stored (a key kept for one session only is gone after a restart). Enter them again in Settings → Providers.</source>
        <translation>لم تعد مفاتيح API الخاصة بـ {named} محفوظة (المفتاح المحفوظ لهذه الجلسة فقط يزول بعد إعادة التشغيل). أدخلها مرة أخرى في الإعدادات ← المزوّدون.</translation>
    </message>
    <message>
        <source>Plugins could not be looked for ({error}); the app starts without them. Details are in the log.</source>
        <translation>تعذّر البحث عن الإضافات ({error})؛ يبدأ التطبيق من دونها. التفاصيل في السجل.</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) was not loaded: {error}</source>
        <translation>لم تُحمَّل الإضافة {name} ({source}): {error}</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) failed as it started: {error}</source>
        <translation>فشلت الإضافة {name} ({source}) عند بدء تشغيلها: {error}</translation>
    </message>
    <message>
        <source>The plugin {name} could not be registered: {error}</source>
        <translation>تعذّر تسجيل الإضافة {name}: {error}</translation>
    </message>
    <message>
        <source>{error} It is no longer used; remove it there when you can.</source>
        <extracomment>{secret name: new value, or None to delete} Secret names the user chose to keep for this session only. `ToolRule.rule_id`s of argument rules the user revoked. The config&apos;s whole new `plugins` list (plugin sources), or None to keep it. The config&apos;s whole new `disabled_plugins` list (off for every agent), or None to keep it. (provider plugin name) -&gt; that plugin&apos;s `get_config_schema()` dict, or None when not loaded. Its `get_config_schema()`: {dotted key: {type, required, default, …}}. JSON-schema type -&gt; (Python types, what the user is told to enter).</extracomment>
        <translation>{error} لم يعد مستخدمًا؛ احذفه من هناك متى استطعت.</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). After a restart enter them again, or reference an environment variable with {reference}.</source>
        <translation>محفوظ لهذه الجلسة فقط، ولم يُخزَّن: {names} ({reasons}). بعد إعادة التشغيل أدخله مرة أخرى، أو أشر إلى متغير بيئة بـ {reference}.</translation>
    </message>
    <message>
        <source>the environment variable {name} of “{title}”</source>
        <translation>متغير البيئة {name} الخاص بـ «{title}»</translation>
    </message>
    <message>
        <source>the header {name} of “{title}”</source>
        <translation>الترويسة {name} الخاصة بـ «{title}»</translation>
    </message>
    <message>
        <source>the API key of “{title}”</source>
        <translation>مفتاح API الخاص بـ «{title}»</translation>
    </message>
    <message>
        <source>The user denied this tool call: {reason}</source>
        <extracomment>The arguments the user edited before allowing the call; None runs it as the model wrote.</extracomment>
        <translation>رفض المستخدم استدعاء الأداة هذا: {reason}</translation>
    </message>
    <message>
        <source>The user denied this tool call.</source>
        <translation>رفض المستخدم استدعاء الأداة هذا.</translation>
    </message>
    <message>
        <source>The tool call was not run: {reason}</source>
        <translation>لم يُنفَّذ استدعاء الأداة: {reason}</translation>
    </message>
    <message>
        <source>The required argument &apos;{name}&apos; is missing.</source>
        <translation>الوسيط المطلوب «{name}» مفقود.</translation>
    </message>
    <message>
        <source>The tool does not take an argument &apos;{name}&apos;.</source>
        <translation>لا تقبل الأداة الوسيط «{name}».</translation>
    </message>
    <message>
        <source>Send the call again with the arguments the tool takes: {names}.</source>
        <translation>أرسل الاستدعاء مجددًا بالوسائط التي تقبلها الأداة: {names}.</translation>
    </message>
    <message>
        <source>Send the call again without arguments.</source>
        <translation>أرسل الاستدعاء مجددًا دون وسائط.</translation>
    </message>
    <message>
        <source>Error: the call to tool &apos;{tool}&apos; was not run: its arguments do not fit the tool&apos;s parameters.</source>
        <translation>خطأ: لم يُنفَّذ استدعاء الأداة «{tool}»: وسائطه لا تطابق معاملات الأداة.</translation>
    </message>
</context>
<context>
    <name>FirstRunFlow</name>
    <message>
        <source>Could not look for local servers: {error}</source>
        <translation>تعذّر البحث عن خوادم محلية: {error}</translation>
    </message>
</context>
<context>
    <name>Forms</name>
    <message>
        <source>(not set)</source>
        <translation>(غير محدد)</translation>
    </message>
    <message>
        <source>See the note above.</source>
        <translation>راجع الملاحظة أعلاه.</translation>
    </message>
    <message>
        <source>Not valid JSON (line {line}, column {column}): {error}.</source>
        <extracomment>Longer captions wrap, so the fields keep their room in a narrow window.</extracomment>
        <translation>ليست JSON صالحة (السطر {line}، العمود {column}): {error}.</translation>
    </message>
    <message>
        <source>Enter a JSON object.</source>
        <translation>أدخل كائن JSON.</translation>
    </message>
    <message>
        <source>Enter a JSON array.</source>
        <translation>أدخل مصفوفة JSON.</translation>
    </message>
    <message>
        <source>This cannot be split into words: {error}. Close the quote.</source>
        <translation>لا يمكن تقسيم هذا إلى كلمات: {error}. أغلق علامة الاقتباس.</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <translation>لا تتوفر حلقة مفاتيح في النظام.</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>غير محدد</translation>
    </message>
    <message>
        <source>Type a new key to replace the stored one</source>
        <translation>اكتب مفتاحًا جديدًا ليحل محل المفتاح المحفوظ</translation>
    </message>
    <message>
        <source>Secrets cannot be stored here: no keyring is connected to this form.</source>
        <translation>لا يمكن حفظ الأسرار هنا: لا توجد حلقة مفاتيح متصلة بهذا النموذج.</translation>
    </message>
    <message>
        <source>For values ticked Secret: {problem}</source>
        <translation>للقيم المعلَّمة «سرّي»: {problem}</translation>
    </message>
    <message>
        <source>Every value needs a name.</source>
        <translation>كل قيمة تحتاج إلى اسم.</translation>
    </message>
    <message>
        <source>Each name once: {names} appears more than once.</source>
        <translation>لكل اسم مرة واحدة فقط: {names} مكرر.</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>اختيار مجلد…</translation>
    </message>
    <message>
        <source>Choose a file…</source>
        <translation>اختيار ملف…</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>معرّف النموذج</translation>
    </message>
    <message>
        <source>{field} is required.</source>
        <translation>الحقل {field} مطلوب.</translation>
    </message>
</context>
<context>
    <name>FullTextViewer</name>
    <message>
        <source>{title}, whole text</source>
        <translation>{title}، النص الكامل</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>جارٍ التحميل…</translation>
    </message>
    <message>
        <source>Loading state</source>
        <translation>حالة التحميل</translation>
    </message>
    <message>
        <source>Whole text</source>
        <translation>النص الكامل</translation>
    </message>
    <message>
        <source>{characters} characters · {lines} lines</source>
        <translation>{characters} حرفًا · {lines} سطرًا</translation>
    </message>
    <message>
        <source>“{word}” first found on line {line}</source>
        <translation>أول ظهور لـ«{word}» في السطر {line}</translation>
    </message>
    <message>
        <source>Loading… {percent} %</source>
        <translation>جارٍ التحميل… {percent} %</translation>
    </message>
</context>
<context>
    <name>GeneralPage</name>
    <message>
        <source>How the app looks and behaves.</source>
        <translation>مظهر التطبيق وسلوكه.</translation>
    </message>
</context>
<context>
    <name>ImportChoice</name>
    <message>
        <source>Import data</source>
        <translation>استيراد البيانات</translation>
    </message>
    <message>
        <source>{file} holds the data below. Choose what to add to this computer&apos;s.</source>
        <translation>يحتوي {file} على البيانات أدناه. اختر ما تريد إضافته إلى بيانات هذا الحاسوب.</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>لا محادثات</numerusform>
            <numerusform>محادثة واحدة</numerusform>
            <numerusform>محادثتان</numerusform>
            <numerusform>%n محادثات</numerusform>
            <numerusform>%n محادثة</numerusform>
            <numerusform>%n محادثة</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remembered item(s)</source>
        <translation>
            <numerusform>لا عناصر محفوظة</numerusform>
            <numerusform>عنصر محفوظ واحد</numerusform>
            <numerusform>عنصران محفوظان</numerusform>
            <numerusform>%n عناصر محفوظة</numerusform>
            <numerusform>%n عنصرًا محفوظًا</numerusform>
            <numerusform>%n عنصر محفوظ</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>لا مشاريع</numerusform>
            <numerusform>مشروع واحد</numerusform>
            <numerusform>مشروعان</numerusform>
            <numerusform>%n مشاريع</numerusform>
            <numerusform>%n مشروعًا</numerusform>
            <numerusform>%n مشروع</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s)</source>
        <translation>
            <numerusform>لا مهارات</numerusform>
            <numerusform>مهارة واحدة</numerusform>
            <numerusform>مهارتان</numerusform>
            <numerusform>%n مهارات</numerusform>
            <numerusform>%n مهارة</numerusform>
            <numerusform>%n مهارة</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n schedule(s), imported switched off</source>
        <translation>
            <numerusform>لا جداول</numerusform>
            <numerusform>جدول واحد، يُستورد متوقفًا</numerusform>
            <numerusform>جدولان، يُستوردان متوقفين</numerusform>
            <numerusform>%n جداول، تُستورد متوقفة</numerusform>
            <numerusform>%n جدولًا، تُستورد متوقفة</numerusform>
            <numerusform>%n جدول، تُستورد متوقفة</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings, providers and agents (replace yours where they differ)</source>
        <translation>الإعدادات والمزوّدون والوكلاء (تحل محل ما لديك حيث تختلف)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>استيراد</translation>
    </message>
</context>
<context>
    <name>ImportPreview</name>
    <message>
        <source>Server list to import</source>
        <translation>قائمة الخوادم المراد استيرادها</translation>
    </message>
    <message>
        <source>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
Claude Desktop, Cursor, Cline, VS Code (servers) and Goose (extensions) files work.</source>
        <translation>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
تعمل ملفات Claude Desktop وCursor وCline وVS Code (servers) وGoose (extensions).</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>معاينة</translation>
    </message>
    <message>
        <source>From a file…</source>
        <translation>من ملف…</translation>
    </message>
    <message>
        <source>Read another app&apos;s MCP configuration file</source>
        <translation>قراءة ملف إعدادات MCP لتطبيق آخر</translation>
    </message>
    <message>
        <source>Add these servers</source>
        <translation>إضافة هذه الخوادم</translation>
    </message>
    <message>
        <source>Import preview</source>
        <translation>معاينة الاستيراد</translation>
    </message>
    <message>
        <source>Import MCP servers from a file</source>
        <translation>استيراد خوادم MCP من ملف</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>ملفات JSON (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>كل الملفات (*)</translation>
    </message>
    <message numerus="yes">
        <source>Add %n server(s)</source>
        <translation>
            <numerusform>إضافة %n خادم</numerusform>
            <numerusform>إضافة خادم واحد</numerusform>
            <numerusform>إضافة خادمين</numerusform>
            <numerusform>إضافة %n خوادم</numerusform>
            <numerusform>إضافة %n خادمًا</numerusform>
            <numerusform>إضافة %n خادم</numerusform>
        </translation>
    </message>
    <message>
        <source>“{name}” is larger than an MCP configuration file can be (over 1 MB); choose the app&apos;s MCP settings file.</source>
        <translation>«{name}» أكبر مما يمكن أن يكون عليه ملف إعدادات MCP (أكثر من 1 م.ب)؛ اختر ملف إعدادات MCP الخاص بالتطبيق.</translation>
    </message>
    <message>
        <source>Could not read “{name}”: {error}. Choose another file or paste its text.</source>
        <translation>تعذّرت قراءة «{name}»: {error}. اختر ملفًا آخر أو الصق نصه.</translation>
    </message>
</context>
<context>
    <name>InstructionsDialog</name>
    <message>
        <source>Chat instructions</source>
        <translation>تعليمات المحادثة</translation>
    </message>
    <message>
        <source>The model reads these before every message of this chat. They replace the agent&apos;s instructions for this chat only.</source>
        <translation>يقرأ النموذج هذه التعليمات قبل كل رسالة في هذه المحادثة، وتحل محل تعليمات الوكيل في هذه المحادثة فقط.</translation>
    </message>
    <message>
        <source>Instructions for this chat</source>
        <translation>تعليمات هذه المحادثة</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions:

{instructions}</source>
        <translation>فارغ: تستخدم هذه المحادثة تعليمات وكيلها:

{instructions}</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions (it has none).</source>
        <translation>فارغ: تستخدم هذه المحادثة تعليمات وكيلها (ولا تعليمات له).</translation>
    </message>
    <message>
        <source>Use the agent&apos;s</source>
        <translation>استخدام تعليمات الوكيل</translation>
    </message>
    <message>
        <source>Remove this chat&apos;s own instructions</source>
        <translation>إزالة تعليمات هذه المحادثة الخاصة</translation>
    </message>
    <message>
        <source>Instructions of {name}</source>
        <translation>تعليمات {name}</translation>
    </message>
    <message>
        <source>Project instructions</source>
        <translation>تعليمات المشروع</translation>
    </message>
</context>
<context>
    <name>LinkedItems</name>
    <message>
        <source>This row links to {href}, which the app cannot open.</source>
        <translation>يرتبط هذا الصف بـ{href}، ولا يستطيع التطبيق فتحه.</translation>
    </message>
    <message>
        <source>Only a file of one of your projects opens from a chat.</source>
        <translation>لا يُفتح من المحادثة إلا ملف من أحد مشاريعك.</translation>
    </message>
    <message>
        <source>No app here opens {name}.</source>
        <translation>لا يوجد هنا تطبيق يفتح {name}.</translation>
    </message>
    <message>
        <source>Settings has no Memory page: the memory plugin is turned off.</source>
        <translation>لا توجد صفحة الذاكرة في الإعدادات: إضافة الذاكرة متوقفة.</translation>
    </message>
    <message>
        <source>That remembered item was deleted.</source>
        <translation>حُذف ذلك العنصر المحفوظ.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Starting…</source>
        <translation>جارٍ البدء…</translation>
    </message>
</context>
<context>
    <name>MarkdownRender</name>
    <message>
        <source>Copy</source>
        <extracomment>Held while markdown-it or Pygments import a module or fill one of their lazy caches.</extracomment>
        <translation>نسخ</translation>
    </message>
    <message>
        <source>Drawing diagram…</source>
        <translation>جارٍ رسم المخطط…</translation>
    </message>
    <message>
        <source>Copy source</source>
        <translation>نسخ المصدر</translation>
    </message>
</context>
<context>
    <name>McpServerTrustList</name>
    <message>
        <source>MCP server trust</source>
        <translation>الثقة بخوادم MCP</translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Import JSON…</source>
        <translation>استيراد JSON…</translation>
    </message>
    <message>
        <source>Paste an mcpServers block from another app&apos;s config</source>
        <translation>الصق كتلة mcpServers من إعدادات تطبيق آخر</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>اختبار الاتصال</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>صحّح الحقول المميزة في «{current_id}» أولًا.</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>جارٍ الاتصال…</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>لم يُذكر سبب</translation>
    </message>
    <message>
        <source>Could not connect: {reason}</source>
        <translation>تعذّر الاتصال: {reason}</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n tool(s) ({tools}).</source>
        <translation>
            <numerusform>متصل: %n أداة ({tools}).</numerusform>
            <numerusform>متصل: أداة واحدة ({tools}).</numerusform>
            <numerusform>متصل: أداتان ({tools}).</numerusform>
            <numerusform>متصل: %n أدوات ({tools}).</numerusform>
            <numerusform>متصل: %n أداة ({tools}).</numerusform>
            <numerusform>متصل: %n أداة ({tools}).</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected.</source>
        <translation>متصل.</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Editing an earlier message: sending starts a new version of the chat from there; the current one stays (switch with ‹ › on the message).</source>
        <translation>تعديل رسالة سابقة: يبدأ الإرسال إصدارًا جديدًا من المحادثة من هناك، ويبقى الإصدار الحالي (بدّل بينهما بـ ‹ › على الرسالة).</translation>
    </message>
    <message>
        <source>Its attachments go with it: {files}.</source>
        <translation>مرفقاتها تنتقل معها: {files}.</translation>
    </message>
    <message>
        <source>{title} (fork)</source>
        <translation>{title} (تفريع)</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>محادثة</translation>
    </message>
    <message>
        <source>Forking the chat…</source>
        <translation>جارٍ تفريع المحادثة…</translation>
    </message>
    <message>
        <source>Could not fork the chat: {error}</source>
        <translation>تعذّر تفريع المحادثة: {error}</translation>
    </message>
    <message>
        <source>Forked into “{title}”.</source>
        <translation>فُرّعت إلى «{title}».</translation>
    </message>
    <message>
        <source>This chat has no code block to copy.</source>
        <translation>لا تحتوي هذه المحادثة على كتلة شيفرة لنسخها.</translation>
    </message>
    <message>
        <source>This chat has its own instructions.</source>
        <translation>لهذه المحادثة تعليماتها الخاصة.</translation>
    </message>
    <message>
        <source>This chat uses its agent&apos;s instructions.</source>
        <translation>تستخدم هذه المحادثة تعليمات وكيلها.</translation>
    </message>
</context>
<context>
    <name>MessageBody</name>
    <message>
        <source>{size} MB</source>
        <translation>{size} م.ب</translation>
    </message>
    <message>
        <source>{size} KB</source>
        <translation>{size} ك.ب</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} سطر</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>images</source>
        <extracomment>The widest the button grows; a longer id is cut at its end (its start says which model).</extracomment>
        <translation>صور</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>أدوات</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>استدلال</translation>
    </message>
    <message>
        <source>{size}k context</source>
        <translation>سياق {size} ألف</translation>
    </message>
    <message>
        <source>${given:.2f} / ${answered:.2f} per M tokens</source>
        <translation>${given:.2f} / ${answered:.2f} لكل مليون رمز</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>النموذج</translation>
    </message>
    <message>
        <source>Model for this chat</source>
        <translation>نموذج هذه المحادثة</translation>
    </message>
    <message>
        <source>{model} · {provider}</source>
        <translation>{model} · {provider}</translation>
    </message>
    <message>
        <source>Model for this chat: {model}</source>
        <translation>نموذج هذه المحادثة: {model}</translation>
    </message>
</context>
<context>
    <name>ModelPickerPopup</name>
    <message>
        <source>Choose a model</source>
        <translation>اختيار نموذج</translation>
    </message>
    <message>
        <source>Filter models</source>
        <translation>تصفية النماذج</translation>
    </message>
    <message>
        <source>Filter models, or type a model id…</source>
        <translation>صفِّ النماذج، أو اكتب معرّف نموذج…</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>النماذج</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>تثبيت</translation>
    </message>
    <message>
        <source>Pin the model</source>
        <translation>تثبيت النموذج</translation>
    </message>
    <message>
        <source>Refresh lists</source>
        <translation>تحديث القوائم</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>حالة قائمة النماذج</translation>
    </message>
    <message>
        <source>No provider is set up where this chat runs, so there is no model to pick. Add one in Settings → Providers, or in the agent server&apos;s settings.</source>
        <translation>لا يوجد مزوّد مُعدّ حيث تعمل هذه المحادثة، لذا لا يوجد نموذج لاختياره. أضف مزوّدًا في الإعدادات ← المزوّدون، أو في إعدادات خادم الوكيل.</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>جارٍ جلب النماذج…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>المثبّتة</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>الأخيرة</translation>
    </message>
    <message>
        <source>Could not list the models: {reason}</source>
        <translation>تعذّر جلب قائمة النماذج: {reason}</translation>
    </message>
    <message>
        <source>Use “{model}” from {provider}</source>
        <translation>استخدام «{model}» من {provider}</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>إلغاء التثبيت</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Notice</source>
        <extracomment>The topic of &quot;the agent is still working in this chat&quot;: withdrawn once the chat is free. The topic of &quot;editing an earlier message&quot;: withdrawn once the edited answer is done.</extracomment>
        <translation>إشعار</translation>
    </message>
    <message>
        <source>Notice action</source>
        <translation>إجراء الإشعار</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>تجاهل</translation>
    </message>
    <message>
        <source>Dismiss notice</source>
        <translation>تجاهل الإشعار</translation>
    </message>
</context>
<context>
    <name>PathField</name>
    <message>
        <source>Choose {label}</source>
        <translation>اختيار {label}</translation>
    </message>
</context>
<context>
    <name>PluginActions</name>
    <message>
        <source>{kind} plugin, version {version}, by {author}</source>
        <translation>إضافة من نوع {kind}، الإصدار {version}، من {author}</translation>
    </message>
    <message>
        <source>{kind} plugin, version {version}</source>
        <translation>إضافة من نوع {kind}، الإصدار {version}</translation>
    </message>
    <message>
        <source>It cannot be loaded: {error}</source>
        <translation>لا يمكن تحميلها: {error}</translation>
    </message>
    <message>
        <source>Tools it adds:</source>
        <translation>الأدوات التي تضيفها:</translation>
    </message>
    <message>
        <source>It adds no tools.</source>
        <translation>لا تضيف أي أدوات.</translation>
    </message>
    <message>
        <source>Settings it adds:</source>
        <translation>الإعدادات التي تضيفها:</translation>
    </message>
    <message>
        <source>It adds no settings.</source>
        <translation>لا تضيف أي إعدادات.</translation>
    </message>
    <message>
        <source>It would not be installed: {problem}</source>
        <translation>لن تُثبَّت: {problem}</translation>
    </message>
    <message>
        <source>secret, kept in the keyring</source>
        <translation>سرّي، يُحفظ في حلقة المفاتيح</translation>
    </message>
    <message>
        <source>default: {value}</source>
        <translation>الافتراضي: {value}</translation>
    </message>
    <message>
        <source>Disable</source>
        <translation>تعطيل</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>تحديث</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>إزالة…</translation>
    </message>
    <message>
        <source>Plugin details</source>
        <translation>تفاصيل الإضافة</translation>
    </message>
    <message>
        <source>Choose a plugin to see what it is: its kind, tools and settings.</source>
        <translation>اختر إضافة لترى ما هي: نوعها وأدواتها وإعداداتها.</translation>
    </message>
    <message>
        <source>Reading what {plugin} is…</source>
        <translation>جارٍ قراءة ماهية {plugin}…</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>تفعيل</translation>
    </message>
    <message>
        <source>A provider is turned off by removing its connection on the Providers page.</source>
        <translation>يُعطَّل المزوّد بإزالة اتصاله من صفحة المزوّدين.</translation>
    </message>
    <message>
        <source>{plugin} is turned on for every agent when you press OK.</source>
        <translation>ستُفعَّل {plugin} لكل الوكلاء عند الضغط على موافق.</translation>
    </message>
    <message>
        <source>{plugin} is turned off for every agent when you press OK: its tools are gone from the next request.</source>
        <translation>ستُعطَّل {plugin} لكل الوكلاء عند الضغط على موافق: تختفي أدواتها بدءًا من الطلب التالي.</translation>
    </message>
    <message>
        <source>Updating {plugin}…</source>
        <translation>جارٍ تحديث {plugin}…</translation>
    </message>
    <message>
        <source>Fetched {source} again: the new version loads at the next start.</source>
        <translation>جُلب {source} مجددًا: يُحمَّل الإصدار الجديد عند البدء التالي.</translation>
    </message>
    <message>
        <source>Updated {name} to {version}: it runs from the next start.</source>
        <translation>حُدّثت {name} إلى {version}: تعمل بدءًا من البدء التالي.</translation>
    </message>
    <message>
        <source>Remove {plugin}?</source>
        <translation>إزالة {plugin}؟</translation>
    </message>
    <message>
        <source>Its package is deleted from the plugin folder; its tools are gone at once.</source>
        <translation>تُحذف حزمتها من مجلد الإضافات؛ وتختفي أدواتها فورًا.</translation>
    </message>
    <message>
        <source>Its source leaves the config when you press OK; it is gone from the next start.</source>
        <translation>يُزال مصدرها من الإعدادات عند الضغط على موافق؛ وتختفي بدءًا من البدء التالي.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>إزالة</translation>
    </message>
    <message>
        <source>Removing {plugin}…</source>
        <translation>جارٍ إزالة {plugin}…</translation>
    </message>
    <message>
        <source>Removed the source {source}: it is saved when you press OK.</source>
        <translation>أُزيل المصدر {source}: يُحفظ ذلك عند الضغط على موافق.</translation>
    </message>
    <message>
        <source>Removed {name}: its tools are gone.</source>
        <translation>أُزيلت {name}: اختفت أدواتها.</translation>
    </message>
</context>
<context>
    <name>PluginInstaller</name>
    <message>
        <source>Plugin to install</source>
        <translation>الإضافة المراد تثبيتها</translation>
    </message>
    <message>
        <source>A package name, a wheel file (.whl), path:/folder, git+URL or package.PluginClass</source>
        <translation>اسم حزمة، أو ملف wheel (.whl)، أو path:/folder، أو git+URL، أو package.PluginClass</translation>
    </message>
    <message>
        <source>Choose wheel…</source>
        <translation>اختيار wheel…</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>التفاصيل</translation>
    </message>
    <message>
        <source>See what it is (kind, tools, settings) before installing it</source>
        <translation>اعرف ما هي (النوع والأدوات والإعدادات) قبل تثبيتها</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>تثبيت</translation>
    </message>
    <message>
        <source>Choose a plugin wheel</source>
        <translation>اختيار ملف wheel لإضافة</translation>
    </message>
    <message>
        <source>Python wheels (*.whl)</source>
        <translation>ملفات Python wheel (*.whl)</translation>
    </message>
    <message>
        <source>Type or choose what to install first.</source>
        <translation>اكتب ما تريد تثبيته أو اختره أولًا.</translation>
    </message>
    <message>
        <source>Installing {wheel}…</source>
        <translation>جارٍ تثبيت {wheel}…</translation>
    </message>
    <message>
        <source>Fetching {name} from the package index…</source>
        <translation>جارٍ جلب {name} من فهرس الحزم…</translation>
    </message>
    <message>
        <source>Checking {source}…</source>
        <translation>جارٍ فحص {source}…</translation>
    </message>
    <message>
        <source>Installed {name} {version} by {author}: it adds {plugins}. Its settings show the next time Settings opens.</source>
        <translation>ثُبّت {name} {version} من {author}: يضيف {plugins}. تظهر إعداداته في المرة القادمة التي تُفتح فيها الإعدادات.</translation>
    </message>
    <message>
        <source>an unnamed author</source>
        <translation>مؤلف غير مسمّى</translation>
    </message>
    <message>
        <source>Added the plugin source {source}: it is saved when you press OK and loads at the next start.</source>
        <translation>أُضيف مصدر الإضافات {source}: يُحفظ عند الضغط على موافق ويُحمَّل في التشغيل التالي.</translation>
    </message>
</context>
<context>
    <name>PluginSettingsPage</name>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for each agent.</source>
        <translation>إعدادات الإضافة «{plugin}»{version}، لكل وكيل.</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for the whole app.</source>
        <translation>إعدادات الإضافة «{plugin}»{version}، للتطبيق كله.</translation>
    </message>
    <message>
        <source>Settings for agent</source>
        <translation>إعدادات الوكيل</translation>
    </message>
</context>
<context>
    <name>PluginsPage</name>
    <message>
        <source>Plugin</source>
        <translation>الإضافة</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>النوع</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>الإصدار</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>مفعّلة</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>المصدر</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>الحالة</translation>
    </message>
    <message>
        <source>provider</source>
        <extracomment>The kinds `plugin_discovery` sorts plugins into, and the tool plugins&apos; flavours (`agent_app.plugin_offers`), as the Kind column and the details name them.</extracomment>
        <translation>مزوّد</translation>
    </message>
    <message>
        <source>extension</source>
        <translation>امتداد</translation>
    </message>
    <message>
        <source>feature</source>
        <translation>ميزة</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>أداة</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>غير معروف</translation>
    </message>
    <message>
        <source>agent-adapter tool</source>
        <translation>أداة مُهايئ وكيل</translation>
    </message>
    <message>
        <source>OpenHands tool</source>
        <translation>أداة OpenHands</translation>
    </message>
    <message>
        <source>Node tool</source>
        <translation>أداة Node</translation>
    </message>
    <message>
        <source>Everything that was found at start-up. “Enabled” is for the default agent; change it per agent on the Agents page.</source>
        <translation>كل ما عُثر عليه عند البدء. «مفعّلة» للوكيل الافتراضي؛ غيّرها لكل وكيل في صفحة الوكلاء.</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>المشكلات</translation>
    </message>
    <message>
        <source>on</source>
        <translation>مفعّلة</translation>
    </message>
    <message>
        <source>off</source>
        <translation>متوقفة</translation>
    </message>
    <message>
        <source>Failed to load: {error}</source>
        <translation>تعذّر التحميل: {error}</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>محمّلة</translation>
    </message>
</context>
<context>
    <name>ProjectChats</name>
    <message>
        <source>No project was made of {folder}: {reason}</source>
        <translation>لم يُنشأ مشروع من {folder}: {reason}</translation>
    </message>
    <message>
        <source>“{name}” is no longer a project; its folder is as it was.</source>
        <translation>لم يعد «{name}» مشروعًا؛ ومجلده كما كان.</translation>
    </message>
    <message>
        <source>Pin a file of {name}</source>
        <translation>تثبيت ملف من {name}</translation>
    </message>
    <message>
        <source>{path} is not in the project&apos;s folder {folder}; only its files are pinned.</source>
        <translation>{path} ليس في مجلد المشروع {folder}؛ لا تُثبَّت إلا ملفاته.</translation>
    </message>
    <message>
        <source>The project “{name}” is updated.</source>
        <translation>حُدّث المشروع «{name}».</translation>
    </message>
    <message>
        <source>No model is chosen yet: pick one in the message box, then try again.</source>
        <translation>لم يُختر نموذج بعد: اختر نموذجًا في مربع الرسالة ثم أعد المحاولة.</translation>
    </message>
    <message>
        <source>New chats in “{name}” use the model of the chat they are started from.</source>
        <translation>تستخدم المحادثات الجديدة في «{name}» نموذج المحادثة التي بدأت منها.</translation>
    </message>
    <message>
        <source>New chats in “{name}” use {model}.</source>
        <translation>تستخدم المحادثات الجديدة في «{name}» النموذج {model}.</translation>
    </message>
    <message>
        <source>This chat is in the project “{name}”: it works in {folder}.</source>
        <translation>هذه المحادثة في المشروع «{name}»: تعمل في {folder}.</translation>
    </message>
</context>
<context>
    <name>ProjectsPanel</name>
    <message>
        <source>Projects</source>
        <translation>المشاريع</translation>
    </message>
    <message>
        <source>Projects and their chats</source>
        <translation>المشاريع ومحادثاتها</translation>
    </message>
    <message>
        <source>New chat in project</source>
        <translation>محادثة جديدة في المشروع</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n محادثة</numerusform>
            <numerusform>محادثة واحدة</numerusform>
            <numerusform>محادثتان</numerusform>
            <numerusform>%n محادثات</numerusform>
            <numerusform>%n محادثةً</numerusform>
            <numerusform>%n محادثة</numerusform>
        </translation>
    </message>
    <message>
        <source>New chats use {model}</source>
        <translation>تستخدم المحادثات الجديدة {model}</translation>
    </message>
    <message>
        <source>New chat in {name}</source>
        <translation>محادثة جديدة في {name}</translation>
    </message>
    <message>
        <source>Project actions</source>
        <translation>إجراءات المشروع</translation>
    </message>
    <message>
        <source>Instructions…</source>
        <translation>التعليمات…</translation>
    </message>
    <message>
        <source>Pin a file…</source>
        <translation>تثبيت ملف…</translation>
    </message>
    <message>
        <source>Use the model shown for its new chats</source>
        <translation>استخدام النموذج المعروض لمحادثاته الجديدة</translation>
    </message>
    <message>
        <source>Stop using {model} for its new chats</source>
        <translation>إيقاف استخدام {model} لمحادثاته الجديدة</translation>
    </message>
</context>
<context>
    <name>PromptLayer</name>
    <message>
        <source>Approval prompts</source>
        <translation>طلبات الموافقة</translation>
    </message>
</context>
<context>
    <name>ProviderPresets</name>
    <message>
        <source>Other OpenAI-compatible server</source>
        <extracomment>The `preset` key the OpenAI-compatible plugin knows the server by (&quot;&quot; for none).</extracomment>
        <translation>خادم آخر متوافق مع OpenAI</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Add provider…</source>
        <translation>إضافة مزوّد…</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>اختبار الاتصال</translation>
    </message>
    <message>
        <source>Ask the server for its models with these settings</source>
        <translation>اسأل الخادم عن نماذجه بهذه الإعدادات</translation>
    </message>
    <message>
        <source>Found on this computer</source>
        <translation>عُثر عليها على هذا الحاسوب</translation>
    </message>
    <message>
        <source>Services</source>
        <translation>الخدمات</translation>
    </message>
    <message>
        <source>For tests</source>
        <translation>للاختبارات</translation>
    </message>
    <message>
        <source>No local server found running (Ollama, LM Studio…)</source>
        <translation>لم يُعثر على خادم محلي قيد التشغيل (Ollama، LM Studio…)</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>صحّح الحقول المميزة في «{current_id}» أولًا.</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>جارٍ الاتصال…</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s) ({models}).</source>
        <translation>
            <numerusform>متصل: %n نموذج ({models}).</numerusform>
            <numerusform>متصل: نموذج واحد ({models}).</numerusform>
            <numerusform>متصل: نموذجان ({models}).</numerusform>
            <numerusform>متصل: %n نماذج ({models}).</numerusform>
            <numerusform>متصل: %n نموذجًا ({models}).</numerusform>
            <numerusform>متصل: %n نموذج ({models}).</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected: no models.</source>
        <translation>متصل: لا توجد نماذج.</translation>
    </message>
</context>
<context>
    <name>RecordsField</name>
    <message>
        <source>Search</source>
        <translation>بحث</translation>
    </message>
    <message>
        <source>Search {label}</source>
        <translation>البحث في {label}</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>تعديل</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>حذف</translation>
    </message>
    <message>
        <source>Edit the selected {label}</source>
        <translation>تعديل {label} المحدد</translation>
    </message>
    <message>
        <source>Delete the selected {label}</source>
        <translation>حذف {label} المحدد</translation>
    </message>
</context>
<context>
    <name>RemoteChats</name>
    <message>
        <source>The agent server at {url} runs with the token it made on an earlier start, which this app does not know. Revoke it with &apos;agent-desktop serve --revoke-token --data-dir {folder}&apos; and start the server again to get a new one.</source>
        <translation>يعمل خادم الوكيل على {url} بالرمز الذي أنشأه في تشغيل سابق، ولا يعرفه هذا التطبيق. أبطِله بالأمر &apos;agent-desktop serve --revoke-token --data-dir {folder}&apos; ثم شغّل الخادم مجددًا للحصول على رمز جديد.</translation>
    </message>
    <message>
        <source>The agent server {server} stopped: {reason}</source>
        <translation>توقف خادم الوكيل {server}: {reason}</translation>
    </message>
    <message>
        <source>The access token of the agent server {server} is revoked: the server refuses it from now on. Restart the server to make a new one, then connect again.</source>
        <translation>أُبطل رمز الوصول لخادم الوكيل {server}: سيرفضه الخادم من الآن فصاعدًا. أعد تشغيل الخادم لإنشاء رمز جديد، ثم اتصل مرة أخرى.</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>إعادة تسمية المحادثة</translation>
    </message>
    <message>
        <source>New name of the chat on {server}</source>
        <translation>الاسم الجديد للمحادثة على {server}</translation>
    </message>
</context>
<context>
    <name>RemoteServerSection</name>
    <message>
        <source>Agent server {server}</source>
        <translation>خادم الوكيل {server}</translation>
    </message>
    <message>
        <source>New chat on {server}</source>
        <translation>محادثة جديدة على {server}</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>إعدادات خادم الوكيل {server}</translation>
    </message>
    <message>
        <source>Chats on {server}</source>
        <translation>المحادثات على {server}</translation>
    </message>
    <message>
        <source>Untitled chat</source>
        <translation>محادثة بلا عنوان</translation>
    </message>
</context>
<context>
    <name>ResourceBrowser</name>
    <message>
        <source>Tool server resources</source>
        <translation>موارد خوادم الأدوات</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>الموارد</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>الاسم</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>النوع</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>الوصف</translation>
    </message>
    <message>
        <source>Resource preview</source>
        <translation>معاينة المورد</translation>
    </message>
    <message>
        <source>Resource picture</source>
        <translation>صورة المورد</translation>
    </message>
    <message>
        <source>Resource browser message</source>
        <translation>رسالة متصفح الموارد</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>إرفاق</translation>
    </message>
    <message>
        <source>Attach resource</source>
        <translation>إرفاق المورد</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>إغلاق</translation>
    </message>
    <message>
        <source>{name} (template)</source>
        <translation>{name} (قالب)</translation>
    </message>
    <message>
        <source>No running tool server offers resources.</source>
        <translation>لا يوجد خادم أدوات قيد التشغيل يقدم موارد.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>لا شيء</translation>
    </message>
    <message>
        <source>A template: Attach asks for its parameters ({names}), then reads the resource.</source>
        <translation>قالب: يسأل «إرفاق» عن معاملاته ({names})، ثم يقرأ المورد.</translation>
    </message>
    <message>
        <source>Reading {uri}…</source>
        <translation>جارٍ قراءة {uri}…</translation>
    </message>
    <message>
        <source>Could not read it: {error}</source>
        <translation>تعذّرت قراءته: {error}</translation>
    </message>
    <message>
        <source>{mime}, {size} (binary)</source>
        <translation>{mime}، {size} (ثنائي)</translation>
    </message>
    <message numerus="yes">
        <source>… (%n characters in all)</source>
        <translation>
            <numerusform>… (%n حرف في المجموع)</numerusform>
            <numerusform>… (حرف واحد في المجموع)</numerusform>
            <numerusform>… (حرفان في المجموع)</numerusform>
            <numerusform>… (%n أحرف في المجموع)</numerusform>
            <numerusform>… (%n حرفًا في المجموع)</numerusform>
            <numerusform>… (%n حرف في المجموع)</numerusform>
        </translation>
    </message>
    <message>
        <source>Attaching {name}…</source>
        <translation>جارٍ إرفاق {name}…</translation>
    </message>
    <message>
        <source>Attached {name} to the message.</source>
        <translation>أُرفق {name} بالرسالة.</translation>
    </message>
    <message>
        <source>It was not attached.</source>
        <translation>لم يُرفق.</translation>
    </message>
    <message>
        <source>{name}: parameters</source>
        <translation>{name}: المعاملات</translation>
    </message>
</context>
<context>
    <name>RowLayouter</name>
    <message>
        <source>Show all  ({size})</source>
        <translation>عرض الكل  ({size})</translation>
    </message>
    <message numerus="yes">
        <source>… %n earlier characters not shown …</source>
        <translation>
            <numerusform>… لم يُعرض %n حرف سابق …</numerusform>
            <numerusform>… لم يُعرض حرف سابق واحد …</numerusform>
            <numerusform>… لم يُعرض حرفان سابقان …</numerusform>
            <numerusform>… لم تُعرض %n أحرف سابقة …</numerusform>
            <numerusform>… لم يُعرض %n حرفًا سابقًا …</numerusform>
            <numerusform>… لم يُعرض %n حرف سابق …</numerusform>
        </translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(لا مخرجات)</translation>
    </message>
</context>
<context>
    <name>RowTasks</name>
    <message>
        <source>Could not ask the server to cancel the task: {error}</source>
        <translation>تعذّر طلب إلغاء المهمة من الخادم: {error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its row shows how it ended.</source>
        <translation>طُلب من الخادم إلغاء {task}؛ وسيعرض صفّه كيف انتهت.</translation>
    </message>
</context>
<context>
    <name>ScheduleEditor</name>
    <message>
        <source>Schedule</source>
        <extracomment>Every configured provider with its models (the model catalog&apos;s listing, off the GUI thread).</extracomment>
        <translation>جدولة</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>الاسم</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>الموجّه</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>الوكيل</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>النموذج</translation>
    </message>
    <message>
        <source>Use the agent&apos;s model</source>
        <translation>استخدام نموذج الوكيل</translation>
    </message>
    <message>
        <source>Answer in</source>
        <translation>الإجابة في</translation>
    </message>
    <message>
        <source>A new chat each run</source>
        <translation>محادثة جديدة في كل تشغيل</translation>
    </message>
    <message>
        <source>this chat</source>
        <translation>هذه المحادثة</translation>
    </message>
    <message>
        <source>The chat “{title}”</source>
        <translation>المحادثة «{title}»</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>التكرار</translation>
    </message>
    <message>
        <source>Every day</source>
        <translation>كل يوم</translation>
    </message>
    <message>
        <source>Weekdays</source>
        <translation>أيام العمل</translation>
    </message>
    <message>
        <source>Weekly on</source>
        <translation>أسبوعيًا يوم</translation>
    </message>
    <message>
        <source>Every N minutes</source>
        <translation>كل N دقيقة</translation>
    </message>
    <message>
        <source>Hourly</source>
        <translation>كل ساعة</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>اليوم</translation>
    </message>
    <message>
        <source>Minutes</source>
        <translation>الدقائق</translation>
    </message>
    <message>
        <source>At</source>
        <translation>في الساعة</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>المنطقة الزمنية</translation>
    </message>
    <message>
        <source>Missed runs</source>
        <translation>التشغيلات الفائتة</translation>
    </message>
    <message>
        <source>Run once on return</source>
        <translation>التشغيل مرة واحدة عند العودة</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>تخطٍّ</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>مفعّلة</translation>
    </message>
    <message>
        <source>Schedules run while Agent Desktop runs, also hidden in the tray. To run them with the window closed, turn on “Run schedules when the app is closed” in the Schedules window, or run “agent-desktop serve” on this data folder.</source>
        <translation>تعمل الجداول ما دام Agent Desktop يعمل، حتى وهو مخفي في شريط النظام. لتشغيلها والنافذة مغلقة، فعّل «تشغيل الجداول والتطبيق مغلق» في نافذة الجداول، أو شغّل «agent-desktop serve» على مجلد البيانات هذا.</translation>
    </message>
    <message>
        <source>The agent&apos;s own model</source>
        <translation>نموذج الوكيل نفسه</translation>
    </message>
    <message>
        <source>Runs use the model of the schedule&apos;s agent.</source>
        <translation>تستخدم عمليات التشغيل نموذج وكيل هذا الجدول.</translation>
    </message>
</context>
<context>
    <name>ScheduleRuns</name>
    <message>
        <source>Scheduled run finished</source>
        <translation>انتهى التشغيل المجدول</translation>
    </message>
    <message>
        <source>A scheduled run needs you</source>
        <translation>تشغيل مجدول يحتاج إليك</translation>
    </message>
    <message>
        <source>{name}: a tool waits for your approval in its chat.</source>
        <translation>{name}: أداة تنتظر موافقتك في محادثتها.</translation>
    </message>
    <message>
        <source>A scheduled run failed</source>
        <translation>فشل تشغيل مجدول</translation>
    </message>
</context>
<context>
    <name>SchedulesDialog</name>
    <message>
        <source>Schedules</source>
        <translation>الجداول</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>إضافة…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>تعديل…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>حذف</translation>
    </message>
    <message>
        <source>Run schedules when the app is closed</source>
        <translation>تشغيل الجداول والتطبيق مغلق</translation>
    </message>
    <message>
        <source>Installs a user service that runs this data folder&apos;s schedules at login, without a window (systemd on Linux). A run is never started twice.</source>
        <translation>يثبّت خدمة مستخدم تشغّل جداول مجلد البيانات هذا عند تسجيل الدخول، دون نافذة (systemd على Linux). لا تبدأ أي عملية تشغيل مرتين أبدًا.</translation>
    </message>
    <message>
        <source>History</source>
        <translation>السجل</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>الموعد</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>الحالة</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>ملاحظة</translation>
    </message>
    <message>
        <source>Open the run&apos;s chat</source>
        <translation>فتح محادثة التشغيل</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>قيد التشغيل</translation>
    </message>
    <message>
        <source>Needs you</source>
        <translation>يحتاج إليك</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>تم</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>فشل</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>تم التخطي</translation>
    </message>
    <message>
        <source>Also stands for missed due times: {count}</source>
        <translation>يغني أيضًا عن مواعيد فائتة: {count}</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <source>Your choices: keep the key for this session only (enter it again after a restart); type ${env:VARIABLE} to read it from an environment variable on every start; or unlock or install a keyring (GNOME Keyring, KWallet) and restart.</source>
        <extracomment>What a user without a working keyring can do, said where a key is typed.</extracomment>
        <translation>خياراتك: الاحتفاظ بالمفتاح لهذه الجلسة فقط (أدخله مجددًا بعد إعادة التشغيل)؛ أو كتابة ${env:VARIABLE} لقراءته من متغير بيئة عند كل بدء؛ أو فتح قفل حلقة مفاتيح أو تثبيتها (GNOME Keyring، KWallet) ثم إعادة التشغيل.</translation>
    </message>
</context>
<context>
    <name>SelectableText</name>
    <message>
        <source>Message text</source>
        <translation>نص الرسالة</translation>
    </message>
</context>
<context>
    <name>ServerLogDialog</name>
    <message>
        <source>Log of {server}</source>
        <translation>سجل {server}</translation>
    </message>
    <message>
        <source>(nothing logged yet)</source>
        <translation>(لا شيء في السجل بعد)</translation>
    </message>
</context>
<context>
    <name>ServerSettingsDialog</name>
    <message>
        <source>Not available for an agent server: it would pick a file or folder on this computer, which the server cannot read. Use it in the settings of the app on the server&apos;s computer.</source>
        <translation>غير متاح لخادم الوكيل: سيختار ملفًا أو مجلدًا على هذا الحاسوب، ولا يستطيع الخادم قراءته. استخدمه في إعدادات التطبيق على حاسوب الخادم.</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>إعدادات خادم الوكيل {server}</translation>
    </message>
    <message>
        <source>These settings are kept on the agent server {server} and used by its agent; secrets typed here go to that server&apos;s keyring and are never sent back.</source>
        <translation>تُحفظ هذه الإعدادات على خادم الوكيل {server} ويستخدمها وكيله؛ وتذهب الأسرار المكتوبة هنا إلى حلقة مفاتيح ذلك الخادم ولا تُرسل مرة أخرى أبدًا.</translation>
    </message>
    <message>
        <source>Agent:</source>
        <translation>الوكيل:</translation>
    </message>
    <message>
        <source>Agent of the server</source>
        <translation>وكيل الخادم</translation>
    </message>
    <message>
        <source>Whose settings these pages show and change.</source>
        <translation>الوكيل الذي تعرض هذه الصفحات إعداداته وتغيّرها.</translation>
    </message>
    <message>
        <source>Plugins of the server</source>
        <translation>إضافات الخادم</translation>
    </message>
    <message>
        <source>Reading the settings from the server…</source>
        <translation>جارٍ قراءة الإعدادات من الخادم…</translation>
    </message>
    <message>
        <source>Revoke the access token…</source>
        <translation>إبطال رمز الوصول…</translation>
    </message>
    <message>
        <source>The server refuses this token from then on, from every computer that has it; restarting the server makes a new one.</source>
        <translation>يرفض الخادم هذا الرمز بعد ذلك، من كل حاسوب يملكه؛ وإعادة تشغيل الخادم تنشئ رمزًا جديدًا.</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}” on the server.</source>
        <translation>إعدادات الإضافة «{plugin}» على الخادم.</translation>
    </message>
    <message>
        <source>The server&apos;s plugins have no settings to change.</source>
        <translation>لا توجد لإضافات الخادم إعدادات يمكن تغييرها.</translation>
    </message>
    <message>
        <source>Save or cancel the changes to this agent&apos;s settings first.</source>
        <translation>احفظ تغييرات إعدادات هذا الوكيل أو ألغِها أولًا.</translation>
    </message>
    <message>
        <source>Revoke the access token?</source>
        <translation>هل تريد إبطال رمز الوصول؟</translation>
    </message>
    <message>
        <source>The server refuses this token from now on, here and on every computer it was given to, and this window disconnects from it. To connect again, restart &apos;agent-desktop serve&apos;: it makes and shows a new token.</source>
        <translation>يرفض الخادم هذا الرمز من الآن فصاعدًا، هنا وعلى كل حاسوب أُعطي له، وتنقطع هذه النافذة عنه. للاتصال مرة أخرى، أعد تشغيل «agent-desktop serve»: فهو ينشئ رمزًا جديدًا ويعرضه.</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>إبطال</translation>
    </message>
</context>
<context>
    <name>ServerSignInPanel</name>
    <message>
        <source>MCP server sign-in</source>
        <translation>تسجيل الدخول إلى خادم MCP</translation>
    </message>
    <message>
        <source>MCP sign-in result</source>
        <translation>نتيجة تسجيل الدخول إلى MCP</translation>
    </message>
    <message>
        <source>Sign in again</source>
        <translation>تسجيل الدخول مجددًا</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access and open its login page in your browser</source>
        <translation>نسيان صلاحية الوصول إلى هذا الخادم وفتح صفحة تسجيل الدخول في متصفحك</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>تسجيل الخروج</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access; its tools stop until you sign in</source>
        <translation>نسيان صلاحية الوصول إلى هذا الخادم؛ تتوقف أدواته حتى تسجّل الدخول مجددًا</translation>
    </message>
</context>
<context>
    <name>ServerStatusLog</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n أداة</numerusform>
            <numerusform>أداة واحدة</numerusform>
            <numerusform>أداتان</numerusform>
            <numerusform>%n أدوات</numerusform>
            <numerusform>%n أداة</numerusform>
            <numerusform>%n أداة</numerusform>
        </translation>
    </message>
    <message>
        <source>{state}: {reason} (stderr: {said})</source>
        <translation>{state}: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>{state} It failed before: {reason} (stderr: {said})</source>
        <translation>{state} فشل سابقًا: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>MCP server status</source>
        <translation>حالة خادم MCP</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>عرض السجل</translation>
    </message>
    <message>
        <source>MCP server log</source>
        <translation>سجل خادم MCP</translation>
    </message>
    <message>
        <source>Nothing logged yet.</source>
        <translation>لا شيء في السجل بعد.</translation>
    </message>
    <message>
        <source>Hide log</source>
        <translation>إخفاء السجل</translation>
    </message>
</context>
<context>
    <name>ServerTokenDialog</name>
    <message>
        <source>Access token of the agent server</source>
        <translation>رمز الوصول لخادم الوكيل</translation>
    </message>
    <message>
        <source>The agent server at {url} is running. Every request to it carries this token. Copy it now to connect from another app or computer: it will not be shown again. This app keeps it and connects by itself. To revoke it, use &apos;Revoke the access token&apos; in the server&apos;s settings, or run &apos;agent-desktop serve --revoke-token&apos;.</source>
        <translation>خادم الوكيل على {url} يعمل. كل طلب إليه يحمل هذا الرمز. انسخه الآن للاتصال من تطبيق أو حاسوب آخر: لن يُعرض مرة أخرى. يحتفظ به هذا التطبيق ويتصل تلقائيًا. لإبطاله استخدم &apos;إبطال رمز الوصول&apos; في إعدادات الخادم، أو شغّل &apos;agent-desktop serve --revoke-token&apos;.</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>رمز الوصول</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>نسخ</translation>
    </message>
    <message>
        <source>Copy the access token</source>
        <translation>نسخ رمز الوصول</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>تم النسخ</translation>
    </message>
</context>
<context>
    <name>SessionActionRunner</name>
    <message>
        <source>Open or start a conversation first, then run the action on it.</source>
        <translation>افتح محادثة أو ابدأ واحدة أولًا، ثم شغّل الإجراء عليها.</translation>
    </message>
    <message>
        <source>“{action}” is still running; wait for it or cancel it first.</source>
        <translation>ما زال «{action}» قيد التشغيل؛ انتظر انتهاءه أو ألغِه أولًا.</translation>
    </message>
    <message>
        <source>Select the messages for “{action}” first: click the first one and Shift+click the last one, then choose it again.</source>
        <translation>حدّد الرسائل لـ«{action}» أولًا: انقر الأولى ثم انقر الأخيرة مع Shift، ثم اختره مجددًا.</translation>
    </message>
</context>
<context>
    <name>SessionFiles</name>
    <message>
        <source>Export chat</source>
        <translation>تصدير المحادثة</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Import chats</source>
        <translation>استيراد محادثات</translation>
    </message>
    <message>
        <source>Agent Desktop chats (*{suffix} *.json)</source>
        <translation>محادثات Agent Desktop (*{suffix} *.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>كل الملفات (*)</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}. Choose another place.</source>
        <translation>تعذّرت الكتابة في {path}: {reason}. اختر مكانًا آخر.</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>صُدّرت إلى {path}.</translation>
    </message>
    <message>
        <source>{path} was not imported: {error}</source>
        <translation>لم يُستورد {path}: {error}</translation>
    </message>
</context>
<context>
    <name>SessionSidebar</name>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>استُورد %n محادثة.</numerusform>
            <numerusform>استُوردت محادثة واحدة.</numerusform>
            <numerusform>استُوردت محادثتان.</numerusform>
            <numerusform>استُوردت %n محادثات.</numerusform>
            <numerusform>استُورد %n محادثةً.</numerusform>
            <numerusform>استُورد %n محادثة.</numerusform>
        </translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation>بحاجة إلى موافقة</translation>
    </message>
    <message>
        <source>You</source>
        <translation>أنت</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>الإجابة</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>أداة</translation>
    </message>
    <message>
        <source>System</source>
        <translation>النظام</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>العنوان</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>رسالة</translation>
    </message>
    <message>
        <source>{place}:</source>
        <translation>{place}:</translation>
    </message>
    <message>
        <source>now</source>
        <translation>الآن</translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n د</numerusform>
            <numerusform>%n د</numerusform>
            <numerusform>%n د</numerusform>
            <numerusform>%n د</numerusform>
            <numerusform>%n د</numerusform>
            <numerusform>%n د</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n س</numerusform>
            <numerusform>%n س</numerusform>
            <numerusform>%n س</numerusform>
            <numerusform>%n س</numerusform>
            <numerusform>%n س</numerusform>
            <numerusform>%n س</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n ي</numerusform>
            <numerusform>%n ي</numerusform>
            <numerusform>%n ي</numerusform>
            <numerusform>%n ي</numerusform>
            <numerusform>%n ي</numerusform>
            <numerusform>%n ي</numerusform>
        </translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>المحادثات</translation>
    </message>
    <message>
        <source>New chat (Ctrl+N)</source>
        <translation>محادثة جديدة (⁦Ctrl+N⁩)</translation>
    </message>
    <message>
        <source>Search chats  (Ctrl+K)</source>
        <translation>البحث في المحادثات  (⁦Ctrl+K⁩)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>البحث في المحادثات</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>بحث</translation>
    </message>
    <message>
        <source>Conversation list</source>
        <translation>قائمة المحادثات</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>لا نتائج مطابقة</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>إعادة التسمية</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>تصدير بصيغة Markdown…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>تصدير بصيغة JSON…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>حذف</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>{label} ({unit})</source>
        <extracomment>What a JSON-schema type is drawn as when the field names no `widget`.</extracomment>
        <translation>{label} ({unit})</translation>
    </message>
    <message>
        <source>General</source>
        <translation>عام</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>الأدوات</translation>
    </message>
    <message>
        <source>Appearance</source>
        <extracomment>Drawn per server on the Tools page (not a field of a section&apos;s form).</extracomment>
        <translation>المظهر</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>اتباع النظام</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>فاتح</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>داكن</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>تباين عالٍ</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>اللغة</translation>
    </message>
    <message>
        <source>Send messages with</source>
        <translation>إرسال الرسائل بـ</translation>
    </message>
    <message>
        <source>Enter (Shift+Enter for a new line)</source>
        <translation>⁦Enter⁩ (⁦Shift+Enter⁩ لسطر جديد)</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>⁦Ctrl+Enter⁩</translation>
    </message>
    <message>
        <source>Tool rounds per request</source>
        <translation>جولات الأدوات لكل طلب</translation>
    </message>
    <message>
        <source>The agent stops after this many rounds of tool calls in one request.</source>
        <translation>يتوقف الوكيل بعد هذا العدد من جولات استدعاء الأدوات في الطلب الواحد.</translation>
    </message>
    <message>
        <source>Tool time limit</source>
        <translation>المهلة الزمنية للأداة</translation>
    </message>
    <message>
        <source>A tool that runs longer than this is stopped.</source>
        <translation>تُوقَف الأداة التي يطول تشغيلها عن هذه المدة.</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>ثانية</translation>
    </message>
    <message>
        <source>Plugin time limit (seconds)</source>
        <translation>المهلة الزمنية للإضافات (بالثواني)</translation>
    </message>
    <message>
        <source>A plugin hook still running after this long stops its request, so the app keeps responding.</source>
        <translation>إذا ظل خطاف إضافة يعمل بعد هذه المدة أوقف طلبه، كي يبقى التطبيق مستجيبًا.</translation>
    </message>
    <message>
        <source>Largest attachment</source>
        <translation>أكبر حجم للمرفق</translation>
    </message>
    <message>
        <source>Files larger than this are not attached.</source>
        <translation>الملفات الأكبر من هذا الحجم لا تُرفق.</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>م.ب</translation>
    </message>
    <message>
        <source>MCP server trust</source>
        <translation>الثقة بخوادم MCP</translation>
    </message>
    <message>
        <source>Per MCP server: whether the tools it marks read-only may run without asking (a server&apos;s hints are its own claims). Servers not listed are asked about.</source>
        <translation>لكل خادم MCP: هل يُسمح بتشغيل الأدوات التي يصفها بأنها للقراءة فقط دون سؤال (تلميحات الخادم هي ادعاءاته). يُسأل عن الخوادم غير المدرجة.</translation>
    </message>
    <message>
        <source>Extra plugin folders</source>
        <translation>مجلدات إضافات إضافية</translation>
    </message>
    <message>
        <source>Folders holding agent_plugin.json plugins, one per line; loaded on the next start.</source>
        <translation>مجلدات تحتوي إضافات agent_plugin.json، مجلد في كل سطر؛ تُحمَّل عند البدء التالي.</translation>
    </message>
    <message>
        <source>Plugin package index</source>
        <translation>فهرس حزم الإضافات</translation>
    </message>
    <message>
        <source>Where Settings → Plugins finds a plugin installed by its package name (the address of a simple repository index).</source>
        <translation>المكان الذي تجد فيه الإعدادات ← الإضافات إضافةً تُثبَّت باسم حزمتها (عنوان فهرس مستودع simple).</translation>
    </message>
    <message>
        <source>Developer mode</source>
        <translation>وضع المطوّر</translation>
    </message>
    <message>
        <source>Also list plugins that exist for tests and demos (such as scripted replies).</source>
        <translation>عرض الإضافات الموجودة للاختبارات والعروض التوضيحية أيضًا (مثل الردود المكتوبة مسبقًا).</translation>
    </message>
    <message>
        <source>Text size (%)</source>
        <translation>حجم النص (%)</translation>
    </message>
    <message>
        <source>Size of the chat&apos;s text, relative to the system font (View → Bigger text).</source>
        <translation>حجم نص المحادثة نسبةً إلى خط النظام (عرض ← تكبير النص).</translation>
    </message>
    <message>
        <source>Show the sidebar</source>
        <translation>إظهار الشريط الجانبي</translation>
    </message>
    <message>
        <source>The list of chats on the left.</source>
        <translation>قائمة المحادثات على الجانب.</translation>
    </message>
    <message>
        <source>Show an icon in the system tray</source>
        <translation>إظهار أيقونة في علبة النظام</translation>
    </message>
    <message>
        <source>Show or hide the window and start a chat from the tray; when the window is hidden, a finished answer is announced there.</source>
        <translation>أظهِر النافذة أو أخفِها وابدأ محادثة من العلبة؛ وعندما تكون النافذة مخفية يُعلَن فيها عن اكتمال الإجابة.</translation>
    </message>
    <message>
        <source>Quick entry shortcut</source>
        <translation>اختصار الإدخال السريع</translation>
    </message>
    <message>
        <source>Keys that work in every app: they bring this window forward with the message box of a new chat ready (or of the chat shown, while it is empty or holds a draft). Empty: off. The command agent-desktop --quick-entry does the same.</source>
        <translation>مفاتيح تعمل في كل التطبيقات: تُحضر هذه النافذة إلى الأمام ومربع الرسالة لمحادثة جديدة جاهز (أو للمحادثة المعروضة ما دامت فارغة أو فيها مسودة). فارغ: معطّل. والأمر agent-desktop --quick-entry يفعل الشيء نفسه.</translation>
    </message>
    <message>
        <source>Ask before every tool (hints ignored)</source>
        <translation>السؤال قبل كل أداة (تُتجاهل التلميحات)</translation>
    </message>
    <message>
        <source>Run tools it marks read-only without asking</source>
        <translation>تشغيل الأدوات التي يصفها بأنها للقراءة فقط دون سؤال</translation>
    </message>
    <message>
        <source>Name</source>
        <extracomment>Keys that say where a provider connects and with which credential: they belong to the provider entry, never to an agent (where they would reach every provider the agent is switched to). Keys of a provider entry an agent cannot set for itself (its parameters may set the rest). Pages of the Settings dialog that show entries of these models (schema extra `section`).</extracomment>
        <translation>الاسم</translation>
    </message>
    <message>
        <source>e.g. Writer</source>
        <translation>مثلًا: كاتب</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>المزوّد</translation>
    </message>
    <message>
        <source>The connection this agent talks through (Providers page).</source>
        <translation>الاتصال الذي يتحدث عبره هذا الوكيل (صفحة المزوّدين).</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>النموذج الافتراضي</translation>
    </message>
    <message>
        <source>Empty: the provider&apos;s own default model. “Test connection” on the Providers page lists what the server offers.</source>
        <translation>فارغ: النموذج الافتراضي للمزوّد نفسه. يسرد «اختبار الاتصال» في صفحة المزوّدين ما يقدّمه الخادم.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>موجّه النظام</translation>
    </message>
    <message>
        <source>You are a helpful assistant…</source>
        <translation>أنت مساعد مفيد…</translation>
    </message>
    <message>
        <source>Other parameters (JSON)</source>
        <translation>معاملات أخرى (JSON)</translation>
    </message>
    <message>
        <source>Advanced: request settings the provider does not declare, e.g. {&quot;seed&quot;: 7}.</source>
        <translation>متقدّم: إعدادات طلب لا يعلنها المزوّد، مثل {&quot;seed&quot;: 7}.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <extracomment>Page names other parts of the app can open the dialog on.</extracomment>
        <translation>الإعدادات</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>صفحات الإعدادات</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>حالة الحفظ</translation>
    </message>
    <message>
        <source>Loading plugin settings…</source>
        <translation>جارٍ تحميل إعدادات الإضافات…</translation>
    </message>
    <message>
        <source>PLUGIN SETTINGS</source>
        <translation>إعدادات الإضافات</translation>
    </message>
    <message>
        <source>Saving… (the system keyring may ask to be unlocked first)</source>
        <translation>جارٍ الحفظ… (قد تطلب سلسلة مفاتيح النظام فتحها أولًا)</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>جارٍ الحفظ…</translation>
    </message>
    <message>
        <source>“{page}” has settings that need fixing (marked in red).</source>
        <translation>في «{page}» إعدادات تحتاج إلى تصحيح (معلَّمة بالأحمر).</translation>
    </message>
    <message>
        <source>Nothing was saved: {details}</source>
        <translation>لم يُحفظ شيء: {details}</translation>
    </message>
</context>
<context>
    <name>SettingsPages</name>
    <message>
        <source>Agents</source>
        <extracomment>Form keys of declared parameters: `parameters.&lt;name&gt;`.</extracomment>
        <translation>الوكلاء</translation>
    </message>
    <message>
        <source>An agent is a provider and model with its own system prompt, parameters and plugins.</source>
        <translation>الوكيل مزوّد ونموذج لهما موجّه نظام ومعاملات وإضافات خاصة.</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>وكيل</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>خوادم MCP</translation>
    </message>
    <message>
        <source>Model Context Protocol servers whose tools the agents can use: a command to start (stdio) or a URL (HTTP).</source>
        <translation>خوادم Model Context Protocol التي يمكن للوكلاء استخدام أدواتها: أمر لتشغيلها (stdio) أو عنوان URL (HTTP).</translation>
    </message>
    <message>
        <source>server</source>
        <translation>خادم</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>الإضافات</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>المزوّدون</translation>
    </message>
    <message>
        <source>Connections to model servers. Each provider keeps its own address, key and model. Keys go to the system keyring, never to the config file; ${env:VARIABLE} reads one from the environment instead.</source>
        <translation>اتصالات بخوادم النماذج. لكل مزوّد عنوانه ومفتاحه ونموذجه. تُحفظ المفاتيح في سلسلة مفاتيح النظام، لا في ملف الإعداد أبدًا؛ و${env:VARIABLE} يقرأ مفتاحًا من البيئة بدلًا من ذلك.</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>مزوّد</translation>
    </message>
</context>
<context>
    <name>SidebarSessions</name>
    <message>
        <source>the chat</source>
        <translation>المحادثة</translation>
    </message>
    <message>
        <source>Deleted “{title}”.</source>
        <translation>حُذفت «{title}».</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>تراجع</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Sign in to {server}</source>
        <translation>تسجيل الدخول إلى {server}</translation>
    </message>
    <message>
        <source>The tool server &apos;{server}&apos; needs you to sign in</source>
        <translation>يحتاج خادم الأدوات &apos;{server}&apos; إلى تسجيل دخولك</translation>
    </message>
    <message>
        <source>Agent Desktop keeps the access in your system keyring.</source>
        <translation>يحفظ Agent Desktop صلاحية الوصول في حلقة مفاتيح النظام.</translation>
    </message>
    <message>
        <source>{problem} The access is kept for this session only: you sign in again after a restart.</source>
        <translation>{problem} تُحفظ صلاحية الوصول لهذه الجلسة فقط: ستسجّل الدخول مجددًا بعد إعادة التشغيل.</translation>
    </message>
    <message>
        <source>Your browser will open the login page on {host}. After you sign in there, the page sends you back to Agent Desktop and the server&apos;s tools become available.</source>
        <translation>سيفتح متصفحك صفحة تسجيل الدخول على {host}. بعد تسجيل الدخول هناك، تعيدك الصفحة إلى Agent Desktop وتصبح أدوات الخادم متاحة.</translation>
    </message>
    <message>
        <source>Login page: {page}</source>
        <translation>صفحة تسجيل الدخول: {page}</translation>
    </message>
    <message>
        <source>Login page address</source>
        <translation>عنوان صفحة تسجيل الدخول</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>ليس الآن</translation>
    </message>
    <message>
        <source>The server stays signed out; Settings → MCP servers → Sign in again starts later</source>
        <translation>يبقى الخادم غير مسجَّل الدخول؛ ويمكنك البدء لاحقًا من الإعدادات ← خوادم MCP ← تسجيل الدخول مجددًا</translation>
    </message>
    <message>
        <source>Open {shown_host}</source>
        <translation>فتح {shown_host}</translation>
    </message>
</context>
<context>
    <name>StartServerDialog</name>
    <message>
        <source>Start an agent server on this computer</source>
        <translation>تشغيل خادم وكيل على هذا الحاسوب</translation>
    </message>
    <message>
        <source>The agent runs in a server of its own, without a window, with its own data folder. Only this computer can reach it on 127.0.0.1; another address needs TLS, as the server will tell you.</source>
        <translation>يعمل الوكيل في خادم خاص به، بلا نافذة، وبمجلد بيانات خاص به. على 127.0.0.1 لا يصل إليه إلا هذا الحاسوب؛ وأي عنوان آخر يتطلب TLS، كما سيخبرك الخادم.</translation>
    </message>
    <message>
        <source>Address to listen on</source>
        <translation>العنوان الذي يستمع عليه</translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation>الاستماع على</translation>
    </message>
    <message>
        <source>Keep running after the app quits</source>
        <translation>الاستمرار في العمل بعد إغلاق التطبيق</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>تشغيل</translation>
    </message>
    <message>
        <source>Starting the agent server…</source>
        <translation>جارٍ تشغيل خادم الوكيل…</translation>
    </message>
</context>
<context>
    <name>TaskControls</name>
    <message>
        <source>Progress of {tool}</source>
        <translation>تقدّم {tool}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <source>Cancel {tool}</source>
        <translation>إلغاء {tool}</translation>
    </message>
    <message>
        <source>Ask the server to stop this task</source>
        <translation>اطلب من الخادم إيقاف هذه المهمة</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>جارٍ الإلغاء…</translation>
    </message>
</context>
<context>
    <name>TasksView</name>
    <message>
        <source>Running tasks</source>
        <translation>المهام الجارية</translation>
    </message>
    <message>
        <source>Open chat</source>
        <translation>فتح المحادثة</translation>
    </message>
    <message>
        <source>Cancel task</source>
        <translation>إلغاء المهمة</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>{task} — in “{chat}”</source>
        <translation>{task} — في «{chat}»</translation>
    </message>
    <message>
        <source>No task is running.</source>
        <translation>لا توجد مهمة قيد التشغيل.</translation>
    </message>
    <message>
        <source>Could not cancel {task}: {error}</source>
        <translation>تعذّر إلغاء {task}: {error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its chat shows how it ended.</source>
        <translation>طُلب من الخادم إلغاء {task}؛ وستعرض محادثته كيف انتهت.</translation>
    </message>
</context>
<context>
    <name>ToolRule</name>
    <message>
        <source>commands starting with “{value}”</source>
        <translation>الأوامر التي تبدأ بـ«{value}»</translation>
    </message>
    <message>
        <source>files in the agent&apos;s workspace folder</source>
        <translation>الملفات في مجلد مساحة عمل الوكيل</translation>
    </message>
    <message>
        <source>paths under “{value}”</source>
        <translation>المسارات تحت «{value}»</translation>
    </message>
    <message>
        <source>URLs on {value}</source>
        <translation>العناوين على {value}</translation>
    </message>
</context>
<context>
    <name>ToolRulesList</name>
    <message>
        <source>Argument rules</source>
        <translation>قواعد الوسائط</translation>
    </message>
    <message>
        <source>Allowed by rule</source>
        <translation>مسموح بقاعدة</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>الأداة</translation>
    </message>
    <message>
        <source>Runs without asking for</source>
        <translation>تعمل دون سؤال لـ</translation>
    </message>
    <message>
        <source>No rules. Choose “Always allow …” in an approval prompt to allow one tool only for calls like that one (a command prefix, a folder, a web domain).</source>
        <translation>لا قواعد. اختر «السماح دائمًا …» في طلب الموافقة للسماح لأداة ما بالاستدعاءات المشابهة فقط (بادئة أمر، أو مجلد، أو نطاق ويب).</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>إبطال</translation>
    </message>
    <message>
        <source>Revoke rule: {tool} {rule}</source>
        <translation>إلغاء القاعدة: {tool} {rule}</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs for {rule}</source>
        <translation>السؤال مجددًا قبل تشغيل «{tool}» لـ{rule}</translation>
    </message>
</context>
<context>
    <name>ToolServers</name>
    <message>
        <source>sign-in needed</source>
        <translation>يلزم تسجيل الدخول</translation>
    </message>
    <message>
        <source>starting again — failed: {reason} (stderr: {said})</source>
        <translation>يُعاد التشغيل — فشل: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>جارٍ البدء…</translation>
    </message>
    <message>
        <source>failed: {reason} (stderr: {said})</source>
        <translation>فشل: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>failed: {reason}</source>
        <translation>فشل: {reason}</translation>
    </message>
    <message>
        <source>turned off</source>
        <translation>معطّل</translation>
    </message>
    <message>
        <source>not started yet</source>
        <translation>لم يبدأ بعد</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>الأدوات</translation>
    </message>
    <message>
        <source>Tools {ready}/{enabled}</source>
        <translation>الأدوات {ready}/{enabled}</translation>
    </message>
</context>
<context>
    <name>ToolServersButton</name>
    <message numerus="yes">
        <source>ready · %n tool(s)</source>
        <translation>
            <numerusform>جاهز · %n أداة</numerusform>
            <numerusform>جاهز · أداة واحدة</numerusform>
            <numerusform>جاهز · أداتان</numerusform>
            <numerusform>جاهز · %n أدوات</numerusform>
            <numerusform>جاهز · %n أداة</numerusform>
            <numerusform>جاهز · %n أداة</numerusform>
        </translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>خوادم الأدوات</translation>
    </message>
    <message>
        <source>Tool servers: their state, logs and resources</source>
        <translation>خوادم الأدوات: حالتها وسجلاتها ومواردها</translation>
    </message>
    <message>
        <source>Tool servers menu</source>
        <translation>قائمة خوادم الأدوات</translation>
    </message>
    <message>
        <source>Tool server {server}</source>
        <translation>خادم الأدوات {server}</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>عرض السجل</translation>
    </message>
    <message>
        <source>Browse resources…</source>
        <translation>تصفح الموارد…</translation>
    </message>
    <message>
        <source>No tool servers are set up</source>
        <translation>لم يُعدّ أي خادم أدوات</translation>
    </message>
    <message>
        <source>Running tasks…</source>
        <translation>المهام الجارية…</translation>
    </message>
</context>
<context>
    <name>ToolsPage</name>
    <message>
        <source>Tool</source>
        <translation>الأداة</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>القرار</translation>
    </message>
    <message>
        <source>Remembered approvals</source>
        <translation>الموافقات المحفوظة</translation>
    </message>
    <message>
        <source>No remembered decisions: every tool that changes things will ask.</source>
        <translation>لا توجد قرارات محفوظة: كل أداة تغيّر شيئًا ستسأل.</translation>
    </message>
    <message>
        <source>Available tools</source>
        <translation>الأدوات المتاحة</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>الإضافة</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>تعمل</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>السماح دائمًا</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>إبطال</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs</source>
        <translation>السؤال مجددًا قبل تشغيل «{tool}»</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>Hide window</source>
        <translation>إخفاء النافذة</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>إنهاء</translation>
    </message>
    <message>
        <source>Show window</source>
        <translation>إظهار النافذة</translation>
    </message>
    <message>
        <source>Answer ready</source>
        <translation>الإجابة جاهزة</translation>
    </message>
    <message>
        <source>Your chat has a new answer.</source>
        <translation>في محادثتك إجابة جديدة.</translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>incomplete</source>
        <translation>غير مكتملة</translation>
    </message>
    <message>
        <source>stopped by you</source>
        <extracomment>How a request ended, from a provider&apos;s failure kind; anything else &quot;failed&quot;. How a request stopped before its end: the user&apos;s Stop (or Esc), or the app quitting. What the chat and the status bar call each ending.</extracomment>
        <translation>أوقفتَها</translation>
    </message>
    <message>
        <source>stopped when the app quit</source>
        <translation>توقفت عند إغلاق التطبيق</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>انتهت المهلة</translation>
    </message>
    <message>
        <source>connection cut</source>
        <translation>انقطع الاتصال</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>فشل</translation>
    </message>
    <message>
        <source>The model returned nothing.</source>
        <translation>لم يُرجع النموذج شيئًا.</translation>
    </message>
</context>
<context>
    <name>TurnOutcomePanel</name>
    <message>
        <source>How the last request ended</source>
        <translation>كيف انتهى الطلب الأخير</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>المشكلة</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>إعادة المحاولة</translation>
    </message>
    <message>
        <source>Send the last message again</source>
        <translation>إرسال الرسالة الأخيرة مجددًا</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>التفاصيل</translation>
    </message>
    <message>
        <source>Show the technical details</source>
        <translation>عرض التفاصيل التقنية</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>التفاصيل التقنية</translation>
    </message>
    <message>
        <source>Timed out</source>
        <extracomment>The short bold line above the sentence, by how the request ended.</extracomment>
        <translation>انتهت المهلة</translation>
    </message>
    <message>
        <source>Connection cut</source>
        <translation>انقطع الاتصال</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>فشل</translation>
    </message>
    <message>
        <source>Empty answer</source>
        <translation>إجابة فارغة</translation>
    </message>
</context>
<context>
    <name>ViewHelper</name>
    <message>
        <source>this installation has no web engine for MCP App views (the Linux bundle leaves QtWebEngine out to stay small); the tool&apos;s text result is shown instead. To see views, install the Flatpak, or run Agent Desktop from a checkout with &apos;uv run agent-desktop&apos;</source>
        <translation>لا يحتوي هذا التثبيت على محرّك ويب لعروض MCP App (تستبعد حزمة Linux مكتبة QtWebEngine لتبقى صغيرة)؛ لذا تُعرض النتيجة النصية للأداة بدلًا منها. لرؤية العروض، ثبّت حزمة Flatpak أو شغّل Agent Desktop من نسخة المصدر باستخدام «uv run agent-desktop»</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>اتباع ال&amp;نظام</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;فاتح</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;داكن</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>تباين &amp;عالٍ</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;عرض</translation>
    </message>
    <message>
        <source>View menu</source>
        <translation>قائمة العرض</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>ال&amp;سمة</translation>
    </message>
    <message>
        <source>&amp;Bigger text</source>
        <translation>&amp;تكبير النص</translation>
    </message>
    <message>
        <source>&amp;Smaller text</source>
        <translation>ت&amp;صغير النص</translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation>الحجم ال&amp;فعلي</translation>
    </message>
    <message>
        <source>Show &amp;sidebar</source>
        <translation>إظهار الشريط ال&amp;جانبي</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>م&amp;ساعدة</translation>
    </message>
    <message>
        <source>Help menu</source>
        <translation>قائمة المساعدة</translation>
    </message>
    <message>
        <source>&amp;About Agent Desktop</source>
        <translation>&amp;حول Agent Desktop</translation>
    </message>
</context>
<context>
    <name>WelcomePane</name>
    <message>
        <source>Welcome and setup</source>
        <translation>الترحيب والإعداد</translation>
    </message>
    <message>
        <source>Welcome to Agent Desktop</source>
        <translation>مرحبًا بك في Agent Desktop</translation>
    </message>
    <message>
        <source>Connect a model to start chatting. A local server needs no key; a cloud provider&apos;s key is never written to a file.</source>
        <translation>صِل نموذجًا لتبدأ المحادثة. الخادم المحلي لا يحتاج إلى مفتاح؛ ومفتاح مزوّد الخدمة السحابية لا يُكتب في ملف أبدًا.</translation>
    </message>
    <message>
        <source>Local servers on this computer</source>
        <translation>الخوادم المحلية على هذا الحاسوب</translation>
    </message>
    <message>
        <source>Detected local servers</source>
        <translation>الخوادم المحلية المكتشفة</translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation>جارٍ البحث عن خوادم محلية…</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>إعادة البحث</translation>
    </message>
    <message>
        <source>Scan again for local servers</source>
        <translation>إعادة البحث عن خوادم محلية</translation>
    </message>
    <message>
        <source>Use this server</source>
        <translation>استخدام هذا الخادم</translation>
    </message>
    <message>
        <source>Use the selected local server</source>
        <translation>استخدام الخادم المحلي المحدد</translation>
    </message>
    <message>
        <source>Or use an API key</source>
        <translation>أو استخدم مفتاح API</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>المزوّد</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>عنوان الخادم</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>النموذج</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>مفتاح API</translation>
    </message>
    <message>
        <source>sk-…  or  ${env:OPENAI_API_KEY}</source>
        <translation>sk-…  أو  ${env:OPENAI_API_KEY}</translation>
    </message>
    <message>
        <source>Checking where keys can be kept…</source>
        <translation>جارٍ التحقق من أماكن حفظ المفاتيح…</translation>
    </message>
    <message>
        <source>Where the key is kept</source>
        <translation>مكان حفظ المفتاح</translation>
    </message>
    <message>
        <source>Keep this key for this session only</source>
        <translation>الاحتفاظ بهذا المفتاح لهذه الجلسة فقط</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>حالة الحفظ</translation>
    </message>
    <message>
        <source>Save and start</source>
        <translation>حفظ وبدء</translation>
    </message>
    <message>
        <source>Save the API key and start</source>
        <translation>حفظ مفتاح API والبدء</translation>
    </message>
    <message>
        <source>http://localhost:8000/v1</source>
        <translation>http://localhost:8000/v1</translation>
    </message>
    <message>
        <source>sk-…  or  ${{env:{variable}}}</source>
        <translation>sk-…  أو  ${{env:{variable}}}</translation>
    </message>
    <message>
        <source>Optional: most local servers need none</source>
        <translation>اختياري: معظم الخوادم المحلية لا تحتاج إليه</translation>
    </message>
    <message>
        <source>The key is stored in the system keyring. Or type ${env:VARIABLE} to read it from the environment instead.</source>
        <translation>يُحفظ المفتاح في حلقة مفاتيح النظام. أو اكتب ${env:VARIABLE} لقراءته من البيئة بدلًا من ذلك.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>الخادم</translation>
    </message>
    <message numerus="yes">
        <source>(%n model(s))</source>
        <translation>
            <numerusform>(%n نموذج)</numerusform>
            <numerusform>(نموذج واحد)</numerusform>
            <numerusform>(نموذجان)</numerusform>
            <numerusform>(%n نماذج)</numerusform>
            <numerusform>(%n نموذجًا)</numerusform>
            <numerusform>(%n نموذج)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %n.</source>
        <translation>
            <numerusform>عُثر على %n.</numerusform>
            <numerusform>عُثر على واحد.</numerusform>
            <numerusform>عُثر على اثنين.</numerusform>
            <numerusform>عُثر على %n.</numerusform>
            <numerusform>عُثر على %n.</numerusform>
            <numerusform>عُثر على %n.</numerusform>
        </translation>
    </message>
    <message>
        <source>None found (Ollama, LM Studio, llama.cpp, vLLM).</source>
        <translation>لم يُعثر على شيء (Ollama، LM Studio، llama.cpp، vLLM).</translation>
    </message>
    <message>
        <source>Enter the API key first.</source>
        <translation>أدخل مفتاح API أولًا.</translation>
    </message>
    <message>
        <source>Enter the server address, for example http://localhost:8000/v1.</source>
        <translation>أدخل عنوان الخادم، مثل http://localhost:8000/v1.</translation>
    </message>
    <message>
        <source>Enter a model in the Model field: a name the server lists, for example gpt-4o-mini or llama3.1.</source>
        <translation>أدخل نموذجًا في حقل النموذج: اسمًا يدرجه الخادم، مثل gpt-4o-mini أو llama3.1.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>جارٍ الحفظ…</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;ملف</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>محادثة &amp;جديدة</translation>
    </message>
    <message>
        <source>&amp;Import chat…</source>
        <translation>ا&amp;ستيراد محادثة…</translation>
    </message>
    <message>
        <source>Import chats exported as JSON</source>
        <translation>استيراد محادثات مصدّرة بصيغة JSON</translation>
    </message>
    <message>
        <source>&amp;Export all my data…</source>
        <translation>&amp;تصدير كل بياناتي…</translation>
    </message>
    <message>
        <source>Every chat, memory, project, skill and setting in one file</source>
        <translation>كل المحادثات والذاكرة والمشاريع والمهارات والإعدادات في ملف واحد</translation>
    </message>
    <message>
        <source>Import &amp;data…</source>
        <translation>استيراد ال&amp;بيانات…</translation>
    </message>
    <message>
        <source>Connect to an agent server…</source>
        <translation>الاتصال بخادم وكيل…</translation>
    </message>
    <message>
        <source>Go to &amp;approval</source>
        <translation>الانتقال إلى ال&amp;موافقة</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>الإ&amp;عدادات…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>إ&amp;نهاء</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>ال&amp;جلسة</translation>
    </message>
    <message>
        <source>Session menu</source>
        <translation>قائمة الجلسة</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>إعادة ال&amp;تسمية…</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>إعادة التسمية</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>تصدير بصيغة &amp;Markdown…</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>تصدير بصيغة Markdown</translation>
    </message>
    <message>
        <source>Export as &amp;JSON…</source>
        <translation>تصدير بصيغة &amp;JSON…</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>تصدير بصيغة JSON</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;حذف</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>حذف</translation>
    </message>
    <message>
        <source>Chat &amp;instructions…</source>
        <translation>&amp;تعليمات المحادثة…</translation>
    </message>
    <message>
        <source>What this chat tells the model first</source>
        <translation>ما تخبر به هذه المحادثة النموذج أولًا</translation>
    </message>
    <message>
        <source>Sc&amp;hedule this chat…</source>
        <translation>جدولة هذه المحادثة…</translation>
    </message>
    <message>
        <source>Schedu&amp;les…</source>
        <translation>الجداول…</translation>
    </message>
    <message>
        <source>Export this chat</source>
        <translation>تصدير هذه المحادثة</translation>
    </message>
</context>
<context>
    <name>WindowNotices</name>
    <message>
        <source>Undo</source>
        <translation>تراجع</translation>
    </message>
</context>
<context>
    <name>_AnswerColumn</name>
    <message>
        <source>Model</source>
        <translation>النموذج</translation>
    </message>
    <message>
        <source>Answer of {model}</source>
        <translation>إجابة {model}</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>يكتب…</translation>
    </message>
    <message>
        <source>State of {model}</source>
        <translation>حالة {model}</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>فشل: {reason}</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>تم</translation>
    </message>
</context>
<context>
    <name>_Dialog</name>
    <message>
        <source>Server&apos;s question</source>
        <translation>سؤال الخادم</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>رفض</translation>
    </message>
    <message>
        <source>Answer later: the tool is told the request was cancelled</source>
        <translation>الإجابة لاحقًا: تُبلَّغ الأداة بأن الطلب أُلغي</translation>
    </message>
</context>
<context>
    <name>_KeyValueField</name>
    <message>
        <source>Add</source>
        <translation>إضافة</translation>
    </message>
    <message>
        <source>Add to {label}</source>
        <translation>إضافة إلى {label}</translation>
    </message>
</context>
<context>
    <name>_KeyValueRow</name>
    <message>
        <source>NAME</source>
        <translation>الاسم</translation>
    </message>
    <message>
        <source>{label} name</source>
        <translation>اسم {label}</translation>
    </message>
    <message>
        <source>{label} value</source>
        <translation>قيمة {label}</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>سرّي</translation>
    </message>
    <message>
        <source>Keep the value in the system keyring, not in the config file</source>
        <translation>حفظ القيمة في حلقة مفاتيح النظام لا في ملف الإعدادات</translation>
    </message>
    <message>
        <source>Remove from {label}</source>
        <translation>إزالة من {label}</translation>
    </message>
    <message>
        <source>•••••••• stored (type to replace)</source>
        <translation>•••••••• محفوظ (اكتب للاستبدال)</translation>
    </message>
    <message>
        <source>value, or ${env:VARIABLE}</source>
        <translation>قيمة، أو ${env:VARIABLE}</translation>
    </message>
</context>
<context>
    <name>_PathField</name>
    <message>
        <source>Browse…</source>
        <translation>استعراض…</translation>
    </message>
</context>
<context>
    <name>_SecretField</name>
    <message>
        <source>Remove</source>
        <translation>إزالة</translation>
    </message>
    <message>
        <source>Remove the stored secret from the system keyring</source>
        <translation>إزالة السر المحفوظ من حلقة مفاتيح النظام</translation>
    </message>
    <message>
        <source>•••• kept for this session only</source>
        <translation>•••• محفوظ لهذه الجلسة فقط</translation>
    </message>
    <message>
        <source>•••• stored in the system keyring</source>
        <translation>•••• محفوظ في حلقة مفاتيح النظام</translation>
    </message>
</context>
<context>
    <name>_SelectField</name>
    <message>
        <source>{value} (not offered)</source>
        <translation>{value} (غير معروض)</translation>
    </message>
</context>
</TS>
