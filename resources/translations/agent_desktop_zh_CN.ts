<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>unknown (not installed as a package)</source>
        <translation>未知（未作为软件包安装）</translation>
    </message>
    <message>
        <source>About Agent Desktop</source>
        <translation>关于 Agent Desktop</translation>
    </message>
    <message>
        <source>&lt;b&gt;Agent Desktop&lt;/b&gt;</source>
        <translation>&lt;b&gt;Agent Desktop&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Version {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</source>
        <translation>版本 {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>数据文件夹</translation>
    </message>
    <message>
        <source>Settings folder</source>
        <translation>设置文件夹</translation>
    </message>
    <message>
        <source>Log folder</source>
        <translation>日志文件夹</translation>
    </message>
    <message>
        <source>{label}:</source>
        <translation>{label}：</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open {folder}</source>
        <translation>打开{folder}</translation>
    </message>
</context>
<context>
    <name>ActionDialogs</name>
    <message>
        <source>The action failed ({kind}).</source>
        <translation>操作失败（{kind}）。</translation>
    </message>
    <message>
        <source>The action failed.</source>
        <translation>操作失败。</translation>
    </message>
    <message>
        <source>Reported by the plugin “{plugin}”.</source>
        <translation>由插件“{plugin}”报告。</translation>
    </message>
</context>
<context>
    <name>ActionField</name>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>正在处理…</translation>
    </message>
</context>
<context>
    <name>ActionFormDialog</name>
    <message>
        <source>Some inputs of this action could not be shown:</source>
        <translation>此操作的部分输入项无法显示：</translation>
    </message>
</context>
<context>
    <name>ActionProgressDialog</name>
    <message>
        <source>Running “{action}”…</source>
        <translation>正在运行“{action}”…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>ActionResultDialog</name>
    <message>
        <source>“{action}” failed</source>
        <translation>“{action}”失败</translation>
    </message>
</context>
<context>
    <name>AgentBar</name>
    <message>
        <source>Status bar</source>
        <translation>状态栏</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Request state</source>
        <translation>请求状态</translation>
    </message>
    <message>
        <source>{provider} on {server}</source>
        <translation>{server} 上的 {provider}</translation>
    </message>
    <message>
        <source>Agent “{agent}” is not ready: {error}</source>
        <translation>智能体“{agent}”尚未就绪：{error}</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>Agents</name>
    <message>
        <source>Agent {number}</source>
        <translation>代理 {number}</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <source>Add a provider on the Providers page first</source>
        <translation>请先在“提供商”页面添加提供商</translation>
    </message>
    <message>
        <source>Enabled plugins</source>
        <translation>已启用的插件</translation>
    </message>
    <message>
        <source>Unchecked plugins are turned off for this agent.</source>
        <translation>未勾选的插件对此代理关闭。</translation>
    </message>
    <message>
        <source>{names} has its own field above; set it there.</source>
        <translation>{names} 在上方有自己的字段；请在那里设置。</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>模型 ID</translation>
    </message>
    <message>
        <source>{model} (the provider&apos;s default)</source>
        <translation>{model}（提供商的默认值）</translation>
    </message>
</context>
<context>
    <name>AppViewController</name>
    <message>
        <source>The view could not be read: {why}</source>
        <translation>无法读取视图：{why}</translation>
    </message>
    <message>
        <source>Refused the view&apos;s call to {tool}: {why}</source>
        <translation>已拒绝视图对 {tool} 的调用：{why}</translation>
    </message>
</context>
<context>
    <name>AppViewPrompts</name>
    <message>
        <source>Open {host}</source>
        <translation>打开 {host}</translation>
    </message>
    <message>
        <source>Open a link?</source>
        <translation>打开链接？</translation>
    </message>
    <message>
        <source>The view of {server} wants to open {url} in your browser.</source>
        <translation>{server} 的视图想在浏览器中打开 {url}。</translation>
    </message>
    <message>
        <source>Don&apos;t open</source>
        <translation>不打开</translation>
    </message>
    <message>
        <source>Send as my message</source>
        <translation>作为我的消息发送</translation>
    </message>
    <message>
        <source>Send a message?</source>
        <translation>发送消息？</translation>
    </message>
    <message>
        <source>The view of {server} wants to send this message as yours:

{text}</source>
        <translation>{server} 的视图想以你的名义发送这条消息：

{text}</translation>
    </message>
    <message>
        <source>Don&apos;t send</source>
        <translation>不发送</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <source>Allow for this chat</source>
        <translation>在此对话中允许</translation>
    </message>
    <message>
        <source>Allow a tool call?</source>
        <translation>允许调用工具？</translation>
    </message>
    <message>
        <source>A view wants to run {call}.</source>
        <translation>一个视图想运行 {call}。</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
</context>
<context>
    <name>AppViewWidget</name>
    <message>
        <source>Interactive view of {title}</source>
        <translation>{title} 的交互视图</translation>
    </message>
    <message>
        <source>Blocked: {what}</source>
        <translation>已阻止：{what}</translation>
    </message>
    <message>
        <source>the app runs as root</source>
        <translation>应用以 root 身份运行</translation>
    </message>
    <message>
        <source>this system allows no user namespaces</source>
        <translation>此系统不允许用户命名空间</translation>
    </message>
    <message>
        <source>Flatpak&apos;s own sandbox holds the app</source>
        <translation>由 Flatpak 自己的沙箱约束应用</translation>
    </message>
    <message>
        <source>Chromium&apos;s sandbox is off: {why}. The view&apos;s frame, policy and request filter still hold it.</source>
        <translation>Chromium 的沙箱已关闭：{why}。视图仍受其框架、策略和请求过滤器限制。</translation>
    </message>
    <message>
        <source>The view stopped: {why}. The chat goes on.</source>
        <translation>视图已停止：{why}。对话可以继续。</translation>
    </message>
    <message>
        <source>Esc leaves full screen</source>
        <translation>按 Esc 退出全屏</translation>
    </message>
    <message>
        <source>Loading the view…</source>
        <translation>正在加载视图…</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <source>Allow once</source>
        <extracomment>The answers, with their buttons&apos; words (translated when the prompt is built).</extracomment>
        <translation>仅允许本次</translation>
    </message>
    <message>
        <source>Run this call once</source>
        <translation>仅运行这一次调用</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>本次会话内允许</translation>
    </message>
    <message>
        <source>Run this tool without asking until the app quits</source>
        <translation>在退出应用前，运行此工具无需再询问</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>始终允许</translation>
    </message>
    <message>
        <source>Never ask again for this tool (revocable in Settings)</source>
        <translation>以后不再询问此工具（可在设置中撤销）</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Do not run it; the model is told why</source>
        <translation>不运行；模型会得知原因</translation>
    </message>
    <message>
        <source>It runs on the agent server {server}, not on this computer.</source>
        <translation>它在智能体服务器 {server} 上运行，而不是在这台电脑上。</translation>
    </message>
    <message>
        <source>Its definition changed since you approved it: check what it does now.</source>
        <translation>自你批准后，它的定义已更改：请检查它现在的作用。</translation>
    </message>
    <message>
        <source>It may delete or overwrite things.</source>
        <translation>它可能会删除或覆盖内容。</translation>
    </message>
    <message>
        <source>It reaches outside this computer (network).</source>
        <translation>它会访问这台电脑之外的资源（网络）。</translation>
    </message>
    <message>
        <source>It describes itself as: “{description}”</source>
        <translation>它的自我描述：“{description}”</translation>
    </message>
    <message>
        <source>From the MCP server “{server}”: its description and hints are the server&apos;s claims.</source>
        <translation>来自 MCP 服务器“{server}”：其描述和提示均为服务器自己的声明。</translation>
    </message>
    <message>
        <source>Approve tool {tool_name}</source>
        <translation>批准工具 {tool_name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{tool_name}&lt;/b&gt; wants to run. Allow it? &lt;span style=&apos;opacity:0.7&apos;&gt;({shortcut} to get here)&lt;/span&gt;</source>
        <translation>&lt;b&gt;{tool_name}&lt;/b&gt; 请求运行。是否允许？&lt;span style=&apos;opacity:0.7&apos;&gt;（按 {shortcut} 跳转到此处）&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Always allow {rule}</source>
        <translation>始终允许{rule}</translation>
    </message>
    <message>
        <source>Run this tool without asking for calls like this one (revocable in Settings → Tools)</source>
        <translation>对于类似的调用，运行此工具无需询问（可在“设置 → 工具”中撤销）</translation>
    </message>
    <message>
        <source>{label}: {tool_name}</source>
        <translation>{label}：{tool_name}</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>拒绝原因（可选）</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>拒绝原因</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Change what the call says before you allow it</source>
        <translation>在允许之前修改调用的内容</translation>
    </message>
    <message>
        <source>Edit before allowing: {tool}</source>
        <translation>编辑后再允许：{tool}</translation>
    </message>
    <message>
        <source>Argument {name}</source>
        <translation>参数 {name}</translation>
    </message>
</context>
<context>
    <name>AskSeveralButton</name>
    <message>
        <source>Ask several</source>
        <translation>多模型提问</translation>
    </message>
    <message>
        <source>Ask several models</source>
        <translation>同时询问多个模型</translation>
    </message>
    <message>
        <source>Send the message to 2–4 models at once and compare</source>
        <translation>将消息同时发送给 2–4 个模型并比较</translation>
    </message>
</context>
<context>
    <name>AskSeveralPopup</name>
    <message>
        <source>Ask several models</source>
        <extracomment>Rows the model list shows before it scrolls.</extracomment>
        <translation>同时询问多个模型</translation>
    </message>
    <message>
        <source>Check {low} to {high} models: the message goes to each of them.</source>
        <translation>请勾选 {low} 到 {high} 个模型：消息会分别发送给它们。</translation>
    </message>
    <message>
        <source>Models to ask</source>
        <translation>要询问的模型</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>模型列表状态</translation>
    </message>
    <message>
        <source>Type the message first (or attach a file): Send waits for it.</source>
        <translation>请先输入消息（或添加附件）：在此之前无法“发送”。</translation>
    </message>
    <message>
        <source>Your message to each model</source>
        <translation>发给每个模型的消息</translation>
    </message>
    <message>
        <source>Message to send</source>
        <translation>要发送的消息</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>正在获取模型列表…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message numerus="yes">
        <source>Send to %n models</source>
        <translation>
            <numerusform>发送给 %n 个模型</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>preparing…</source>
        <translation>准备中…</translation>
    </message>
    <message>
        <source>Attachment {name}, {size}</source>
        <translation>附件 {name}，{size}</translation>
    </message>
    <message>
        <source>Thumbnail of {name}</source>
        <translation>{name} 的缩略图</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>移除 {name}</translation>
    </message>
    <message>
        <source>Remove attachment {name}</source>
        <translation>移除附件 {name}</translation>
    </message>
</context>
<context>
    <name>AttachmentPreview</name>
    <message>
        <source>Attachment {name}</source>
        <translation>附件 {name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Attachment preview</source>
        <translation>附件预览</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open with the system&apos;s viewer for this kind of file</source>
        <translation>用系统中此类文件的查看器打开</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>This picture cannot be shown (its data is missing or damaged).</source>
        <translation>无法显示此图片（数据缺失或已损坏）。</translation>
    </message>
    <message>
        <source>Save {name}</source>
        <translation>保存 {name}</translation>
    </message>
    <message>
        <source>Writing {name}…</source>
        <translation>正在写入 {name}…</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}.</source>
        <translation>无法写入 {path}：{reason}。</translation>
    </message>
    <message>
        <source>{problem} Choose another place or free some space.</source>
        <translation>{problem} 请选择其他位置或释放一些空间。</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>已保存到 {path}。</translation>
    </message>
</context>
<context>
    <name>ChatColumn</name>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Session toolbar</source>
        <translation>会话工具栏</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新建对话</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>对话标题</translation>
    </message>
    <message>
        <source>Own instructions</source>
        <translation>自有指令</translation>
    </message>
    <message>
        <source>This chat has its own instructions</source>
        <translation>此对话有自己的指令</translation>
    </message>
    <message>
        <source>This chat uses its own instructions instead of its agent&apos;s. Click to edit.</source>
        <translation>此对话使用自己的指令，而不是其智能体的指令。点击即可编辑。</translation>
    </message>
    <message>
        <source>Chat actions menu</source>
        <translation>对话操作菜单</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Chat actions</source>
        <translation>对话操作</translation>
    </message>
    <message>
        <source>What the agent&apos;s plugins can do with this chat</source>
        <translation>智能体的插件可以对此对话执行的操作</translation>
    </message>
</context>
<context>
    <name>ChatCommands</name>
    <message>
        <source>This chat is kept on its agent server; export works for chats of this computer.</source>
        <translation>此对话保存在其智能体服务器上；只有这台电脑上的对话才能导出。</translation>
    </message>
    <message>
        <source>This chat runs on an agent server, and schedules run chats of this computer: use Schedules… to schedule a new chat here instead.</source>
        <translation>此对话在智能体服务器上运行，而计划只运行这台计算机上的对话：请改用“计划列表…”在这里为新对话安排计划。</translation>
    </message>
</context>
<context>
    <name>ChatDelegate</name>
    <message>
        <source>You</source>
        <extracomment>The rows&apos; headers and tool states, translated where drawn.</extracomment>
        <translation>你</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>工具服务器</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>preparing…</source>
        <translation>准备中…</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>needs approval</source>
        <translation>需要批准</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>cancelled by you</source>
        <translation>已被你取消</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>正在输入…</translation>
    </message>
    <message numerus="yes">
        <source>Reasoning (%n words)</source>
        <translation>
            <numerusform>推理（%n 个词）</numerusform>
        </translation>
    </message>
    <message>
        <source>{state} · &lt; {seconds} s</source>
        <translation>{state} · &lt; {seconds} 秒</translation>
    </message>
    <message>
        <source>{state} · {seconds} s</source>
        <translation>{state} · {seconds} 秒</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
</context>
<context>
    <name>ChatLayout</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>The server named the model that answered “{server_model}”.</source>
        <translation>服务器称作答的模型为“{server_model}”。</translation>
    </message>
    <message>
        <source>[{kind}: could not be shown]</source>
        <translation>[{kind}：无法显示]</translation>
    </message>
</context>
<context>
    <name>ChatModel</name>
    <message>
        <source>Enter shows or hides the call&apos;s arguments and output.</source>
        <translation>按 Enter 显示或隐藏调用的参数和输出。</translation>
    </message>
    <message>
        <source>C copies, E edits, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C 复制，E 编辑，Delete 删除，左右方向键选择操作，Enter 执行；菜单键列出所有操作。</translation>
    </message>
    <message>
        <source>C copies, R retries, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C 复制，R 重试，Delete 删除，左右方向键选择操作，Enter 执行；菜单键列出所有操作。</translation>
    </message>
    <message>
        <source>C copies, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C 复制，Delete 删除，左右方向键选择操作，Enter 执行；菜单键列出所有操作。</translation>
    </message>
    <message>
        <source>The request failed.</source>
        <translation>请求失败。</translation>
    </message>
</context>
<context>
    <name>ChatSending</name>
    <message>
        <source>Type the message for the models first, then choose them.</source>
        <translation>请先输入要发给模型的消息，再选择模型。</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>上一个版本</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>下一个版本</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>{role} message {number}</source>
        <translation>{role}的消息 {number}</translation>
    </message>
    <message>
        <source>{role} message</source>
        <translation>{role}的消息</translation>
    </message>
    <message>
        <source>denied by you</source>
        <translation>已被你拒绝</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation>已复制代码</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>消息操作</translation>
    </message>
    <message>
        <source>Fork chat from here</source>
        <translation>从此处分叉对话</translation>
    </message>
    <message>
        <source>A new chat with the messages up to this one</source>
        <translation>用截至这条消息的内容新建一个对话</translation>
    </message>
    <message>
        <source>Show all text</source>
        <translation>显示全文</translation>
    </message>
    <message>
        <source>Show the view full screen</source>
        <translation>全屏显示视图</translation>
    </message>
    <message>
        <source>Message copied</source>
        <translation>已复制消息</translation>
    </message>
</context>
<context>
    <name>CollectionPage</name>
    <message>
        <source>New {noun} id</source>
        <extracomment>Marked in PAGE_WORDS like the title; `noun` also names the list for tests and styles. New entries are named by typing an id (MCP servers); otherwise `add_clicked` makes one. The config section the entries live in (its unreadable entries are listed on the page).</extracomment>
        <translation>新{noun}的 ID</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add {noun}</source>
        <translation>添加{noun}</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>No {noun} yet: add one on the left.</source>
        <translation>还没有{noun}：请在左侧添加。</translation>
    </message>
    <message>
        <source>Type an id for the new {noun} first.</source>
        <translation>请先为新的{noun}输入 ID。</translation>
    </message>
    <message>
        <source>There is already a {noun} “{entry_id}”.</source>
        <translation>已有{noun}“{entry_id}”。</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>请先修正“{current_id}”中突出显示的字段。</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>Answers side by side</source>
        <translation>并排比较回答</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Close the answers side by side</source>
        <translation>关闭并排回答</translation>
    </message>
    <message numerus="yes">
        <source>%n models answer; each answer is kept as a version (‹ ›).</source>
        <translation>
            <numerusform>%n 个模型正在回答；每个回答都会保存为一个版本（‹ ›）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Completion</name>
    <message>
        <source>Arguments for {command}</source>
        <translation>{command} 的参数</translation>
    </message>
    <message>
        <source>{command}: arguments</source>
        <translation>{command}：参数</translation>
    </message>
    <message>
        <source>The prompt {command} failed: {error}</source>
        <translation>提示词 {command} 失败：{error}</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Drop the files here to attach them to your message</source>
        <translation>将文件拖放到这里，作为附件添加到消息中</translation>
    </message>
    <message>
        <source>Composer</source>
        <translation>输入框</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>附件问题</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>添加附件</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>发送消息</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop generating (Esc)</source>
        <translation>停止生成（Esc）</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>停止生成</translation>
    </message>
    <message>
        <source>The attachments are still being prepared; send in a moment.</source>
        <translation>附件仍在准备中，请稍后再发送。</translation>
    </message>
    <message>
        <source>Choose files to attach</source>
        <translation>选择要附加的文件</translation>
    </message>
    <message>
        <source>Still starting up; attach the files again in a moment.</source>
        <translation>仍在启动中，请稍后重新添加文件。</translation>
    </message>
    <message>
        <source>Still starting up; paste the image again in a moment.</source>
        <translation>仍在启动中，请稍后重新粘贴图片。</translation>
    </message>
    <message>
        <source>Could not attach the files: {error}</source>
        <translation>无法添加文件：{error}</translation>
    </message>
    <message>
        <source>Still starting up; attach it again in a moment.</source>
        <translation>仍在启动中，请稍后重新添加。</translation>
    </message>
    <message>
        <source>Could not attach it: {error}</source>
        <translation>无法添加：{error}</translation>
    </message>
    <message>
        <source>“{name}” is already attached.</source>
        <translation>“{name}”已经添加过了。</translation>
    </message>
    <message>
        <source>“{name}” is already attached (as “{twin}”).</source>
        <translation>“{name}”已经添加过了（名为“{twin}”）。</translation>
    </message>
    <message>
        <source>The model {model} does not take images: it would get the message without them. Pick a model marked for images in the model picker.</source>
        <translation>模型 {model} 不接受图片：它只会收到不含图片的消息。请在模型选择器中选择一个标明支持图片的模型。</translation>
    </message>
    <message numerus="yes">
        <source>Attached %n file(s) from “{name}”.</source>
        <translation>
            <numerusform>已从“{name}”附加 %n 个文件。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComposerEdit</name>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Message the agent…  (Enter to send, Shift+Enter for a new line)</source>
        <translation>给智能体发消息…（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>Ctrl+Enter to send</source>
        <translation>Ctrl+Enter 发送</translation>
    </message>
    <message>
        <source>Enter to send, Shift+Enter for a new line</source>
        <translation>Enter 发送，Shift+Enter 换行</translation>
    </message>
    <message>
        <source>Message the agent…  ({hint})</source>
        <translation>给智能体发消息…（{hint}）</translation>
    </message>
</context>
<context>
    <name>ConfirmActionDialog</name>
    <message>
        <source>Run “{action}”?</source>
        <translation>运行“{action}”？</translation>
    </message>
</context>
<context>
    <name>ConnectServerDialog</name>
    <message>
        <source>Connect to an agent server</source>
        <translation>连接到智能体服务器</translation>
    </message>
    <message>
        <source>Chat with an agent that runs on another computer or without a window. Start it there with &apos;agent-desktop serve&apos; and type what it printed.</source>
        <translation>与在另一台电脑上或无窗口运行的智能体对话。在那里用“agent-desktop serve”启动它，然后输入它显示的内容。</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>服务器地址</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>访问令牌</translation>
    </message>
    <message>
        <source>Start an agent server on this computer…</source>
        <translation>在本机启动智能体服务器…</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>The server&apos;s certificate fingerprint (SHA-256) is {fingerprint}. Check that it is the one &apos;agent-desktop serve&apos; printed, then press Connect to trust it.</source>
        <translation>服务器证书的指纹（SHA-256）为 {fingerprint}。请确认它与“agent-desktop serve”显示的一致，然后点击“连接”以信任它。</translation>
    </message>
</context>
<context>
    <name>ConversationBinding</name>
    <message>
        <source>Preparing the new chat…</source>
        <translation>正在准备新对话…</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新建对话</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>正在写入…</translation>
    </message>
    <message>
        <source>Approval needed: {tool}</source>
        <translation>需要批准：{tool}</translation>
    </message>
    <message>
        <source>Asking several models…</source>
        <translation>正在询问多个模型…</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>正在思考…</translation>
    </message>
    <message>
        <source>Answer finished</source>
        <translation>回答已完成</translation>
    </message>
    <message>
        <source>Error: {what}</source>
        <translation>错误：{what}</translation>
    </message>
    <message>
        <source>Running a tool…</source>
        <translation>正在运行工具…</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool} ({shortcut} to go there)</source>
        <translation>正在等待你批准 {tool}（按 {shortcut} 跳转）</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool}</source>
        <translation>正在等待你批准 {tool}</translation>
    </message>
</context>
<context>
    <name>CrashNotice</name>
    <message>
        <source>Agent Desktop closed unexpectedly last time.</source>
        <translation>Agent Desktop 上次意外关闭。</translation>
    </message>
    <message>
        <source>The crash report is on the clipboard (secrets are left out of it).</source>
        <translation>崩溃报告已复制到剪贴板（其中不含密钥等机密信息）。</translation>
    </message>
    <message>
        <source>No app to show text files was found; open the file above yourself, or copy the report.</source>
        <translation>未找到可以显示文本文件的应用；请自行打开上面的文件，或复制报告。</translation>
    </message>
    <message>
        <source>Its report is kept in {path}; nothing was sent anywhere.</source>
        <translation>报告保存在 {path}；没有发送到任何地方。</translation>
    </message>
    <message>
        <source>Its report could not be kept in the log folder; copy it now to keep it.</source>
        <translation>报告无法保存到日志文件夹；如需保留，请立即复制。</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>复制报告</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>打开报告</translation>
    </message>
</context>
<context>
    <name>DataTransfer</name>
    <message>
        <source>Export all my data</source>
        <translation>导出我的全部数据</translation>
    </message>
    <message>
        <source>Zip archives (*.zip)</source>
        <translation>ZIP 压缩包 (*.zip)</translation>
    </message>
    <message>
        <source>Exporting your data…</source>
        <translation>正在导出你的数据…</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>导出已取消；未写入任何文件。</translation>
    </message>
    <message>
        <source>The export failed: {error}</source>
        <translation>导出失败：{error}</translation>
    </message>
    <message>
        <source>Exported your data to {path}.</source>
        <translation>已将你的数据导出到 {path}。</translation>
    </message>
    <message>
        <source>Secrets written in the settings were left out: {names}. Enter them again on the other computer.</source>
        <translation>设置中手动填写的密钥未导出：{names}。请在另一台电脑上重新输入。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Import data</source>
        <translation>导入数据</translation>
    </message>
    <message>
        <source>Agent Desktop data (*.zip)</source>
        <translation>Agent Desktop 数据 (*.zip)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Nothing was imported: {error}</source>
        <translation>未导入任何内容：{error}</translation>
    </message>
    <message>
        <source>Importing your data…</source>
        <translation>正在导入你的数据…</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>已导入 %n 个对话。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DroppedPaths</name>
    <message>
        <source>Drop to install the skill “{name}”, make a project of the folder or attach its files — you choose next</source>
        <translation>拖放后可选择：安装技能“{name}”、用此文件夹创建项目，或附加其中的文件</translation>
    </message>
    <message>
        <source>Drop to make a project of “{name}” or attach its files — you choose next</source>
        <translation>拖放后可选择：用“{name}”创建项目，或附加其中的文件</translation>
    </message>
    <message>
        <source>Drop to attach “{name}”, or install the skill it holds — you choose next</source>
        <translation>拖放后可选择：附加“{name}”，或安装其中的技能</translation>
    </message>
    <message>
        <source>Drop: the files are attached; you choose what happens with each folder</source>
        <translation>拖放：文件将被附加；每个文件夹由您选择如何处理</translation>
    </message>
    <message>
        <source>What should happen with “{name}”?</source>
        <translation>要如何处理“{name}”？</translation>
    </message>
    <message>
        <source>What should happen with the folder “{name}”?</source>
        <translation>要如何处理文件夹“{name}”？</translation>
    </message>
    <message>
        <source>A project keeps its chats together; they work with the folder&apos;s files, its instructions and pinned files.</source>
        <translation>项目把它的对话放在一起；这些对话使用文件夹中的文件、项目指令和置顶文件。</translation>
    </message>
    <message>
        <source>It holds a SKILL.md: as a skill it teaches the agent a task.</source>
        <translation>它包含 SKILL.md：作为技能，它教会智能体一项任务。</translation>
    </message>
    <message>
        <source>Install as skill</source>
        <translation>安装为技能</translation>
    </message>
    <message>
        <source>Make a project</source>
        <translation>创建项目</translation>
    </message>
    <message>
        <source>Attach its files</source>
        <translation>附加其中的文件</translation>
    </message>
    <message>
        <source>“{name}” holds a skill. Install it?</source>
        <translation>“{name}”包含一个技能。要安装吗？</translation>
    </message>
    <message>
        <source>A skill teaches the agent a task; or attach the archive.</source>
        <translation>技能教会智能体一项任务；也可以附加此压缩包。</translation>
    </message>
    <message>
        <source>Attach the archive</source>
        <translation>附加压缩包</translation>
    </message>
    <message>
        <source>Made the project “{name}”; its new chat works in {folder}.</source>
        <translation>已创建项目“{name}”；它的新对话在 {folder} 中工作。</translation>
    </message>
    <message>
        <source>{name} was not installed as a skill.</source>
        <translation>{name} 未作为技能安装。</translation>
    </message>
    <message>
        <source>“{name}” holds no files to attach (the folders in it are not).</source>
        <translation>“{name}”中没有可附加的文件（其中的文件夹不会被附加）。</translation>
    </message>
</context>
<context>
    <name>Elicitation</name>
    <message>
        <source>{server} asks for input</source>
        <translation>{server} 请求输入</translation>
    </message>
    <message>
        <source>{server} asks you to open a web page</source>
        <translation>{server} 请求你打开一个网页</translation>
    </message>
    <message>
        <source>A tool server</source>
        <translation>某个工具服务器</translation>
    </message>
    <message>
        <source>{server} is asking for your input</source>
        <translation>{server} 正在请求你的输入</translation>
    </message>
</context>
<context>
    <name>ElicitationFormDialog</name>
    <message>
        <source>Some fields could not be shown:</source>
        <translation>部分字段无法显示：</translation>
    </message>
</context>
<context>
    <name>ElicitationLinkDialog</name>
    <message>
        <source>The page is on {host}.
Full address: {url}</source>
        <translation>该页面位于 {host}。
完整地址：{url}</translation>
    </message>
    <message>
        <source>Page address</source>
        <translation>页面地址</translation>
    </message>
</context>
<context>
    <name>EmptyChatHint</name>
    <message>
        <source>Explain some code</source>
        <extracomment>(button, prompt), both in the user&apos;s language when shown: the model answers in it too.</extracomment>
        <translation>解释代码</translation>
    </message>
    <message>
        <source>Explain what this code does, step by step:

</source>
        <translation>请逐步解释这段代码的作用：

</translation>
    </message>
    <message>
        <source>Summarise a file</source>
        <translation>总结文件</translation>
    </message>
    <message>
        <source>Summarise the attached file in five bullet points.</source>
        <translation>请用五个要点总结附件文件。</translation>
    </message>
    <message>
        <source>Draft a message</source>
        <translation>起草消息</translation>
    </message>
    <message>
        <source>Draft a short, friendly message that </source>
        <translation>请起草一条简短、友好的消息，内容是：</translation>
    </message>
    <message>
        <source>Plan a task</source>
        <translation>规划任务</translation>
    </message>
    <message>
        <source>Help me plan this task, with the steps in order: </source>
        <translation>请帮我规划这个任务，按顺序列出步骤：</translation>
    </message>
    <message>
        <source>Start a conversation</source>
        <translation>开始对话</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>有什么可以帮你？</translation>
    </message>
    <message>
        <source>Type below, drop a file on the window, or start from one of these:</source>
        <translation>在下方输入、把文件拖到窗口中，或从以下示例开始：</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>Cannot attach {source}: the file does not exist.</source>
        <translation>无法附加 {source}：文件不存在。</translation>
    </message>
    <message>
        <source>Cannot attach {source}: {reason}.</source>
        <translation>无法附加 {source}：{reason}。</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is a folder, not a file.</source>
        <translation>无法附加 {source}：这是文件夹，不是文件。</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is not a regular file.</source>
        <translation>无法附加 {source}：这不是普通文件。</translation>
    </message>
    <message>
        <source>Cannot attach {source}: permission to read it was denied.</source>
        <translation>无法附加 {source}：没有读取权限。</translation>
    </message>
    <message>
        <source>{name} is {shown}, larger than the attachment limit of {limit}. Nothing was stored; attach a smaller file or raise the limit in Settings.</source>
        <translation>{name} 的大小为 {shown}，超过了附件上限 {limit}。未保存任何内容；请附加较小的文件，或在设置中提高上限。</translation>
    </message>
    <message>
        <source>Cannot attach {name}: there is no conversation with id {session_id}.</source>
        <translation>无法附加 {name}：不存在 ID 为 {session_id} 的对话。</translation>
    </message>
    <message>
        <source>Could not store {name}: {reason} Nothing was stored.</source>
        <translation>无法保存 {name}：{reason} 未保存任何内容。</translation>
    </message>
    <message>
        <source>There is no attachment with id {asset_id}; it may have been removed.</source>
        <translation>不存在 ID 为 {asset_id} 的附件；它可能已被删除。</translation>
    </message>
    <message>
        <source>The folder holding {name} in the asset store was replaced by a link; it is not read. Attach the file again.</source>
        <translation>附件存储中存放 {name} 的文件夹已被替换为链接，因此不会读取。请重新附加该文件。</translation>
    </message>
    <message>
        <source>The attachment {name} is no longer in the asset store (its file was removed from disk). Attach it again.</source>
        <translation>附件 {name} 已不在附件存储中（其文件已从磁盘删除）。请重新附加。</translation>
    </message>
    <message>
        <source>The stored file of {name} was replaced by a link; it is not read. Attach the file again.</source>
        <translation>{name} 的存储文件已被替换为链接，因此不会读取。请重新附加该文件。</translation>
    </message>
    <message>
        <source>Could not read the attachment {name}: {reason}</source>
        <translation>无法读取附件 {name}：{reason}</translation>
    </message>
    <message>
        <source>The stored digest {sha256} is malformed; the record is damaged.</source>
        <translation>存储的摘要 {sha256} 格式错误；该记录已损坏。</translation>
    </message>
    <message>
        <source>The attachment part {name} names no asset and carries no content.</source>
        <translation>附件部分 {name} 既未指向存储的文件，也不含内容。</translation>
    </message>
    <message>
        <source>The attachment {name} cannot be read: no asset store is open.</source>
        <translation>无法读取附件 {name}：没有打开的附件存储。</translation>
    </message>
    <message>
        <source>The attachment {name} has a malformed data URL.</source>
        <translation>附件 {name} 的数据 URL 格式错误。</translation>
    </message>
    <message>
        <source>The attachment {name} has a data URL that is not base64.</source>
        <translation>附件 {name} 的数据 URL 不是 base64 编码。</translation>
    </message>
    <message>
        <source>The agent is still working in this chat. Wait for it or stop it first.</source>
        <translation>智能体仍在此对话中工作。请等待它完成，或先停止它。</translation>
    </message>
    <message>
        <source>“{label}” was cancelled.</source>
        <translation>“{label}”已取消。</translation>
    </message>
    <message>
        <source>{path} does not hold a valid conversation ({error}).</source>
        <translation>{path} 不包含有效的对话（{error}）。</translation>
    </message>
    <message>
        <source>“{title}” is already in your chats, unchanged: it was opened instead of copied.</source>
        <translation>“{title}”已在你的聊天中且未改动：已直接打开，而未复制。</translation>
    </message>
    <message>
        <source>“{title}”: the chat&apos;s own settings in the file ({names}) were not applied. An imported chat keeps its messages and attachments and uses your settings.</source>
        <translation>“{title}”：文件中该聊天自己的设置（{names}）未被应用。导入的聊天保留其消息和附件，并使用你的设置。</translation>
    </message>
    <message>
        <source>Cannot import {path}: the file does not exist.</source>
        <translation>无法导入 {path}：文件不存在。</translation>
    </message>
    <message>
        <source>Cannot import {path}: it could not be read ({error}).</source>
        <translation>无法导入 {path}：无法读取该文件（{error}）。</translation>
    </message>
    <message>
        <source>Cannot import {path}: {error}, so it was not imported.</source>
        <translation>无法导入 {path}：{error}，因此未导入。</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not a JSON session export. Only files exported as JSON by Agent Desktop can be imported (Markdown exports are for reading).</source>
        <translation>无法导入 {path}：它不是 JSON 格式的会话导出。只能导入 Agent Desktop 以 JSON 导出的文件（Markdown 导出仅供阅读）。</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not an Agent Desktop session export.</source>
        <translation>无法导入 {path}：它不是 Agent Desktop 的会话导出。</translation>
    </message>
    <message>
        <source>Cannot import {path}: it was written in export version {version}, this app reads version {supported}. Update the app.</source>
        <translation>无法导入 {path}：它以导出版本 {version} 写入，而本应用读取的是版本 {supported}。请更新应用。</translation>
    </message>
    <message>
        <source>Cannot import {path}: {reason}, so it was not imported.</source>
        <translation>无法导入 {path}：{reason}，因此未导入。</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} is damaged.</source>
        <translation>无法导入 {path}：附件 {name} 已损坏。</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} does not match its checksum.</source>
        <translation>无法导入 {path}：附件 {name} 与其校验和不符。</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({error}). Check that it runs and that this address is right.</source>
        <translation>无法连接位于 {url} 的智能体服务器（{error}）。请检查它是否在运行、地址是否正确。</translation>
    </message>
    <message>
        <source>The agent server at {url} presented another certificate than the one pinned when you connected: someone may be in between. If the server&apos;s certificate was renewed, connect again and compare the fingerprint it prints.</source>
        <translation>位于 {url} 的智能体服务器出示的证书与连接时固定的证书不同：可能有人在中间拦截。如果服务器的证书已更新，请重新连接并核对它显示的指纹。</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({kind}). Check that it runs and that this address is right.</source>
        <translation>无法连接位于 {url} 的智能体服务器（{kind}）。请检查它是否在运行、地址是否正确。</translation>
    </message>
    <message>
        <source>The agent server at {url} refused the token: it is wrong or was revoked. Connect again with the token the server showed.</source>
        <translation>位于 {url} 的智能体服务器拒绝了令牌：令牌有误或已被撤销。请使用服务器显示的令牌重新连接。</translation>
    </message>
    <message>
        <source>The agent server at {url} answered {status_code}: {reason}</source>
        <translation>位于 {url} 的智能体服务器返回 {status_code}：{reason}</translation>
    </message>
    <message>
        <source>Attachments cannot be sent to the agent server {server_label} from here.</source>
        <translation>无法从这里向智能体服务器 {server_label} 发送附件。</translation>
    </message>
    <message>
        <source>There is no chat with id {session_id}.</source>
        <extracomment>Events whose payload is a live object or only means something inside this process. Where a tool the server runs is said to run (the client&apos;s tool row shows it).</extracomment>
        <translation>不存在 ID 为 {session_id} 的对话。</translation>
    </message>
    <message>
        <source>The agent is still working in this chat: POST /sessions/{session_id}/cancel and wait for its request_finished event before deleting it.</source>
        <translation>智能体仍在此对话中工作：删除前请先 POST /sessions/{session_id}/cancel，并等待其 request_finished 事件。</translation>
    </message>
    <message>
        <source>Answers cut off when the app last stopped could not be recovered: {error} They stay in the database for the next start.</source>
        <translation>无法恢复应用上次停止时中断的回答：{error} 它们会保留在数据库中，留待下次启动。</translation>
    </message>
    <message>
        <source>Answers were cut off when the app last stopped: {count}. What had arrived was kept and marked as incomplete.</source>
        <translation>应用上次停止时有 {count} 个回答被中断；已收到的部分已保留并标记为未完成。</translation>
    </message>
    <message>
        <source>Unknown export format {format}; use &apos;markdown&apos; or &apos;json&apos;.</source>
        <translation>未知的导出格式 {format}；请使用 &apos;markdown&apos; 或 &apos;json&apos;。</translation>
    </message>
    <message>
        <source>{what} could not be saved because it holds a value that is not plain JSON ({error}). Nothing was changed.</source>
        <translation>{what} 含有非纯 JSON 的值，因此无法保存（{error}）。未做任何更改。</translation>
    </message>
    <message>
        <source>The session database {path} was written by a newer version of the app (schema {current}; this version knows up to {latest}). It was opened read-only so nothing is lost; update the app to edit it.</source>
        <translation>会话数据库 {path} 由更新版本的应用写入（架构 {current}；此版本最高支持 {latest}）。为避免丢失数据，已以只读方式打开；请更新应用后再编辑。</translation>
    </message>
    <message>
        <source>A copy was kept as {name}.</source>
        <translation>已保留副本 {name}。</translation>
    </message>
    <message>
        <source>Upgrading the session database {path} to schema {version} failed ({error}). It was left at schema {schema_version} and opened read-only.{kept}</source>
        <translation>将会话数据库 {path} 升级到架构 {version} 失败（{error}）。它保持在架构 {schema_version}，并以只读方式打开。{kept}</translation>
    </message>
    <message>
        <source>The session database is healthy; there is nothing to replace.</source>
        <translation>会话数据库完好；无需替换。</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason}</source>
        <translation>无法保存 {what}：{reason}</translation>
    </message>
    <message>
        <source>the database is read-only.</source>
        <translation>数据库为只读。</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason} The previous version is kept unchanged.</source>
        <translation>无法保存 {what}：{reason} 之前的版本保持不变。</translation>
    </message>
    <message>
        <source>Could not save {label}: it changed while this change was being made ({stored} messages stored, {expected_message_count} expected). Nothing was overwritten; try again.</source>
        <translation>无法保存 {label}：在进行此更改时它已被修改（已存储 {stored} 条消息，预期 {expected_message_count} 条）。未覆盖任何内容；请重试。</translation>
    </message>
    <message>
        <source>The message could not be saved: it is not a valid message ({error}). Nothing was changed.</source>
        <translation>无法保存该消息：它不是有效的消息（{error}）。未做任何更改。</translation>
    </message>
    <message>
        <source>Message {number} of the conversation is no longer stored (the message or its conversation was deleted); nothing was written.</source>
        <translation>对话中的第 {number} 条消息已不再存储（该消息或其对话已被删除）；未写入任何内容。</translation>
    </message>
    <message>
        <source>Part of the session database {path} is damaged and could not be read ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>会话数据库 {path} 有部分损坏，无法读取（{error}）。请重启应用：它会保留该文件的副本，并打开仍可读取的部分。</translation>
    </message>
    <message>
        <source>Searching the session database {path} failed because part of it is damaged ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>会话数据库 {path} 有部分损坏，搜索失败（{error}）。请重启应用：它会保留该文件的副本，并打开仍可读取的部分。</translation>
    </message>
    <message>
        <source>There is no conversation with id {session_id}; it may have been deleted.</source>
        <translation>不存在 ID 为 {session_id} 的对话；它可能已被删除。</translation>
    </message>
    <message>
        <source>Every tool server is ready now.</source>
        <translation>所有工具服务器现已就绪。</translation>
    </message>
    <message>
        <source>The agent is still working in this conversation. Wait for it to finish or stop it, then send again.</source>
        <translation>智能体仍在此对话中工作。请等待它完成或停止它，然后再发送。</translation>
    </message>
    <message>
        <source>Stopped after {rounds} rounds of tool calls (the limit set in Settings → Tools). Send a message to let the agent continue.</source>
        <translation>已在 {rounds} 轮工具调用后停止（设置 → 工具 中设定的上限）。发送一条消息即可让智能体继续。</translation>
    </message>
    <message>
        <source>Parameters for action &apos;{action_id}&apos; must be an object, not {kind}.</source>
        <translation>操作 &apos;{action_id}&apos; 的参数必须是对象，而不是 {kind}。</translation>
    </message>
    <message>
        <source>Invalid parameters for action &apos;{action_id}&apos;: {listing}.</source>
        <translation>操作 &apos;{action_id}&apos; 的参数无效：{listing}。</translation>
    </message>
    <message>
        <source>turned off for this request</source>
        <translation>在本次请求中被停用</translation>
    </message>
    <message>
        <source>The plugin &apos;{plugin}&apos; failed in {hook} and was {left_out}: {detail}</source>
        <translation>插件 &apos;{plugin}&apos; 在 {hook} 中失败，已{left_out}：{detail}</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>被排除</translation>
    </message>
    <message>
        <source>its tools were left out of this request</source>
        <translation>其工具已从本次请求中排除</translation>
    </message>
    <message>
        <source>No provider is registered; register one before requests.</source>
        <translation>没有已注册的提供商；请在发出请求前注册一个。</translation>
    </message>
    <message>
        <source>No provider named &apos;{name}&apos; is registered. Registered providers: {providers}.</source>
        <translation>未注册名为 &apos;{name}&apos; 的提供商。已注册的提供商：{providers}。</translation>
    </message>
    <message>
        <source>in the way, so no {trigger} action ran</source>
        <translation>造成阻碍，因此没有运行 {trigger} 操作</translation>
    </message>
    <message>
        <source>skipped for {trigger}</source>
        <translation>在 {trigger} 时被跳过</translation>
    </message>
    <message>
        <source>There is no agent {key} in the config (known agents: {known}). Pick another agent or add this one in Settings.</source>
        <translation>配置中没有智能体 {key}（已知的智能体：{known}）。请选择其他智能体，或在设置中添加它。</translation>
    </message>
    <message>
        <source>This chat uses the provider {provider}, which is no longer configured. Pick another model for the chat in the model picker, or add the provider again under Settings → Providers.</source>
        <extracomment>How a setting reads a value from the environment, the same in every language (a value of the marked sentences, not part of their text: its braces are not a field of theirs). Keys `build_agent_config` adds to the flat config besides the provider&apos;s and agent&apos;s own.</extracomment>
        <translation>此聊天使用的提供商 {provider} 已不再配置。请在模型选择器中为此聊天选择其他模型，或在 设置 → 提供商 中重新添加该提供商。</translation>
    </message>
    <message>
        <source>Agent {agent} uses the provider {provider}, which is not configured. Add it under Settings → Providers or pick another provider for the agent.</source>
        <translation>代理 {agent} 使用的提供商 {provider} 未配置。请在 设置 → 提供商 中添加它，或为该代理选择其他提供商。</translation>
    </message>
    <message>
        <source>{setting} refers to the environment variable {name}, which is not set. Set it before starting the app, or store the key in Settings instead.</source>
        <translation>{setting}引用了环境变量 {name}，但该变量未设置。请在启动应用前设置它，或改为在设置中保存密钥。</translation>
    </message>
    <message>
        <source>{setting} refers to a keyring secret; none is open.</source>
        <translation>{setting}引用了密钥环中的密钥，但没有打开的密钥环。</translation>
    </message>
    <message>
        <source>{setting} could not be read: {error}</source>
        <translation>无法读取{setting}：{error}</translation>
    </message>
    <message>
        <source>{setting} refers to the keyring secret {name}, which is not stored (a key kept for one session only is gone after a restart). Enter the key again in Settings → Providers, or use {reference} to read it from the environment.</source>
        <translation>{setting}引用了密钥环中的密钥 {name}，但它未被保存（仅为本次会话保留的密钥在重启后会消失）。请在 设置 → 提供商 中重新输入密钥，或使用 {reference} 从环境变量读取。</translation>
    </message>
    <message>
        <source>The API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>The setting {path}</source>
        <translation>设置项 {path}</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). They must be entered again after a restart, or referenced as {reference}.</source>
        <translation>仅在本次会话中保留，未保存：{names}（{reasons}）。重启后需要重新输入，或以 {reference} 引用。</translation>
    </message>
    <message>
        <source>Left in the config file as you wrote them, since no keyring can take them: {names}. Unlock or install a keyring to move them there, or reference them as {reference}.</source>
        <translation>由于没有可用的密钥环，它们按你写的样子保留在配置文件中：{names}。请解锁或安装密钥环以将其移入，或以 {reference} 引用它们。</translation>
    </message>
    <message>
        <source>Some entries of {path} could not be read and were set aside ({details}). Everything else is used; the set-aside entries stay in the file unchanged. {copy} Fix or remove them there.</source>
        <translation>{path} 中的部分条目无法读取，已被搁置（{details}）。其余内容均照常使用；被搁置的条目原样保留在文件中。{copy} 请在那里修正或删除它们。</translation>
    </message>
    <message>
        <source>The config file could not be rewritten ({error}); the change is used for this run and saved with the next change in Settings.</source>
        <translation>无法重写配置文件（{error}）；此更改将在本次运行中使用，并在下次于设置中更改时保存。</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} of its provider; they were moved to the provider {provider}, where they belong.</source>
        <translation>代理 {agent} 保存了其提供商的 {keys}；它们已移至所属的提供商 {provider}。</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} for a provider; they were removed (its provider entry has its own). Check Settings → Providers.</source>
        <translation>代理 {agent} 保存了用于提供商的 {keys}；它们已被移除（其提供商条目有自己的值）。请检查 设置 → 提供商。</translation>
    </message>
    <message>
        <source>{path} holds plaintext secrets ({names}). They could not be moved to a keyring because none is available, so the file was left unchanged; they are used from memory for this run. They stay in the file until a keyring can take them.</source>
        <translation>{path} 中有明文机密（{names}）。由于没有可用的密钥环，无法将其移入，文件保持不变；本次运行从内存中使用它们。在有密钥环可以接收之前，它们会留在文件中。</translation>
    </message>
    <message>
        <source>Plaintext secrets in {path} could not be moved to the keyring: {error}</source>
        <translation>无法将 {path} 中的明文机密移入密钥环：{error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}), but the file could not be rewritten: {error}</source>
        <translation>{path} 中的明文机密已移入系统密钥环（{names}），但无法重写该文件：{error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}); the file now holds references instead.</source>
        <translation>{path} 中的明文机密已移入系统密钥环（{names}）；该文件现在改为保存引用。</translation>
    </message>
    <message>
        <source>you chose this session only</source>
        <translation>你选择了仅限本次会话</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <extracomment>The first sentences of `probe_keyring`&apos;s answers, which `SecretStore.headline` cuts out: marked too, so the window can show a headline in its own language.</extracomment>
        <translation>没有可用的系统密钥环。</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}).</source>
        <translation>无法使用系统密钥环（{reason}）。</translation>
    </message>
    <message>
        <source>No system keyring is available</source>
        <translation>没有可用的系统密钥环</translation>
    </message>
    <message>
        <source>No system keyring is available. API keys are kept in memory for this run only and must be entered again after a restart. Install and unlock a keyring service (for example GNOME Keyring or KWallet) to keep them.</source>
        <translation>没有可用的系统密钥环。API 密钥仅在本次运行期间保存在内存中，重启后需要重新输入。要保存它们，请安装并解锁一个密钥环服务（例如 GNOME Keyring 或 KWallet）。</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}). API keys are kept in memory for this run only. Unlock or repair the keyring and restart to keep them.</source>
        <translation>无法使用系统密钥环（{reason}）。API 密钥仅在本次运行期间保存在内存中。要保存它们，请解锁或修复密钥环，然后重新启动。</translation>
    </message>
    <message>
        <source>{path} could not be read ({error}); fix or remove it, then export again.</source>
        <extracomment>What an archive may unpack to, all members together: a zip bomb is refused before reading. The parts an import may take, each with its own checkbox.</extracomment>
        <translation>无法读取 {path}（{error}）；请修复或删除它，然后重新导出。</translation>
    </message>
    <message>
        <source>{path} does not exist; choose the file again.</source>
        <extracomment>The settings to apply, when the user chose them (through the application&apos;s settings change: checked, written whole or not at all, announced to the window).</extracomment>
        <translation>{path} 不存在；请重新选择文件。</translation>
    </message>
    <message>
        <source>{archive} is not a zip file ({error}); choose a file made by Export all my data.</source>
        <translation>{archive} 不是 zip 文件（{error}）；请选择由“导出我的全部数据”生成的文件。</translation>
    </message>
    <message>
        <source>{archive} holds {count} files, more than an export of Agent Desktop can ({limit}); it was not imported.</source>
        <translation>{archive} 包含 {count} 个文件，超过了 Agent Desktop 导出文件所能包含的数量（{limit}）；未导入。</translation>
    </message>
    <message>
        <source>{archive} would unpack to {total} bytes, more than the {limit} an import takes; it was not imported. Export again on the other computer.</source>
        <translation>{archive} 解压后将有 {total} 字节，超过了导入允许的 {limit} 字节；未导入。请在另一台电脑上重新导出。</translation>
    </message>
    <message>
        <source>{archive} holds a file whose path leaves its folder ({member}); it is not an export of Agent Desktop and was not imported.</source>
        <translation>{archive} 中有一个路径超出其文件夹的文件（{member}）；它不是 Agent Desktop 的导出文件，未导入。</translation>
    </message>
    <message>
        <source>{archive}: {member} is damaged ({error}); export again.</source>
        <translation>{archive}：{member} 已损坏（{error}）；请重新导出。</translation>
    </message>
    <message>
        <source>{archive}: {member} is not valid JSON ({error}); export again.</source>
        <translation>{archive}：{member} 不是有效的 JSON（{error}）；请重新导出。</translation>
    </message>
    <message>
        <source>{archive} has no manifest.json: it is not an export of Agent Desktop. Choose a file made by File → Export all my data.</source>
        <translation>{archive} 没有 manifest.json：它不是 Agent Desktop 的导出文件。请选择由“文件 → 导出我的全部数据”生成的文件。</translation>
    </message>
    <message>
        <source>{archive}: its manifest does not name the format {format}; it is not an export of Agent Desktop.</source>
        <translation>{archive}：其清单未指明格式 {format}；它不是 Agent Desktop 的导出文件。</translation>
    </message>
    <message>
        <source>{archive}: its manifest&apos;s version {version} is not a version.</source>
        <translation>{archive}：其清单中的版本 {version} 不是有效的版本。</translation>
    </message>
    <message>
        <source>{archive} was written by a newer Agent Desktop (format version {version}); this one reads up to version {supported}. Update the app, then import it.</source>
        <translation>{archive} 由较新的 Agent Desktop 写入（格式版本 {version}）；此版本最多只能读取版本 {supported}。请更新应用，然后再导入。</translation>
    </message>
    <message>
        <source>{archive}: {member} is not a JSON object; export again.</source>
        <translation>{archive}：{member} 不是 JSON 对象；请重新导出。</translation>
    </message>
    <message>
        <source>{archive}: {member} has no list of {key}; export again.</source>
        <translation>{archive}：{member} 中没有 {key} 列表；请重新导出。</translation>
    </message>
    <message>
        <source>Memory was not imported: {reason}</source>
        <translation>记忆未导入：{reason}</translation>
    </message>
    <message>
        <source>The skill {name} was not installed: {reason}</source>
        <translation>技能 {name} 未安装：{reason}</translation>
    </message>
    <message>
        <source>The project {name} was not added: its folder {folder} is not on this computer. Make it again from its folder (drop the folder on the window).</source>
        <translation>项目 {name} 未添加：其文件夹 {folder} 不在这台计算机上。请从该文件夹重新创建（将文件夹拖放到窗口上）。</translation>
    </message>
    <message>
        <source>A schedule was not imported: {error}</source>
        <translation>有一个计划未导入：{error}</translation>
    </message>
    <message>
        <source>Imported schedules are off: turn them on in Session → Schedules.</source>
        <translation>导入的计划已关闭：请在“会话 → 计划列表”中开启。</translation>
    </message>
    <message>
        <source>Tool servers were not imported: a file never decides what runs on this computer. Add them again in Settings → Tool servers.</source>
        <translation>工具服务器未导入：文件绝不能决定在这台计算机上运行什么。请在“设置 → 工具服务器”中重新添加。</translation>
    </message>
    <message>
        <source>The setting {name} was not imported: its value is not valid.</source>
        <translation>设置 {name} 未导入：其值无效。</translation>
    </message>
    <message>
        <source>The API key of {named} is no longer stored (a key kept for one session only is gone after a restart). Enter it again in Settings → Providers.</source>
        <translation>{named} 的 API 密钥已不再保存（仅为本次会话保留的密钥在重启后会消失）。请在 设置 → 提供商 中重新输入。</translation>
    </message>
    <message>
        <source>The API keys of {named} are no longer stored (a key kept for one session only is gone after a restart). Enter them again in Settings → Providers.</source>
        <translation>{named} 的 API 密钥已不再保存（仅为本次会话保留的密钥在重启后会消失）。请在 设置 → 提供商 中重新输入。</translation>
    </message>
    <message>
        <source>Plugins could not be looked for ({error}); the app starts without them. Details are in the log.</source>
        <translation>无法查找插件（{error}）；应用将在没有插件的情况下启动。详情见日志。</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) was not loaded: {error}</source>
        <translation>插件 {name}（{source}）未能加载：{error}</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) failed as it started: {error}</source>
        <translation>插件 {name}（{source}）启动时失败：{error}</translation>
    </message>
    <message>
        <source>The plugin {name} could not be registered: {error}</source>
        <translation>无法注册插件 {name}：{error}</translation>
    </message>
    <message>
        <source>{error} It is no longer used; remove it there when you can.</source>
        <extracomment>{secret name: new value, or None to delete} Secret names the user chose to keep for this session only. `ToolRule.rule_id`s of argument rules the user revoked. The config&apos;s whole new `plugins` list (plugin sources), or None to keep it. The config&apos;s whole new `disabled_plugins` list (off for every agent), or None to keep it. (provider plugin name) -&gt; that plugin&apos;s `get_config_schema()` dict, or None when not loaded. Its `get_config_schema()`: {dotted key: {type, required, default, …}}. JSON-schema type -&gt; (Python types, what the user is told to enter).</extracomment>
        <translation>{error} 它已不再使用；方便时请从那里删除。</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). After a restart enter them again, or reference an environment variable with {reference}.</source>
        <translation>仅在本次会话中保留，未保存：{names}（{reasons}）。重启后请重新输入，或用 {reference} 引用环境变量。</translation>
    </message>
    <message>
        <source>the environment variable {name} of “{title}”</source>
        <translation>“{title}”的环境变量 {name}</translation>
    </message>
    <message>
        <source>the header {name} of “{title}”</source>
        <translation>“{title}”的请求头 {name}</translation>
    </message>
    <message>
        <source>the API key of “{title}”</source>
        <translation>“{title}”的 API 密钥</translation>
    </message>
    <message>
        <source>The user denied this tool call: {reason}</source>
        <extracomment>The arguments the user edited before allowing the call; None runs it as the model wrote.</extracomment>
        <translation>用户拒绝了此工具调用：{reason}</translation>
    </message>
    <message>
        <source>The user denied this tool call.</source>
        <translation>用户拒绝了此工具调用。</translation>
    </message>
    <message>
        <source>The tool call was not run: {reason}</source>
        <translation>工具调用未执行：{reason}</translation>
    </message>
    <message>
        <source>The required argument &apos;{name}&apos; is missing.</source>
        <translation>缺少必需的参数“{name}”。</translation>
    </message>
    <message>
        <source>The tool does not take an argument &apos;{name}&apos;.</source>
        <translation>该工具不接受参数“{name}”。</translation>
    </message>
    <message>
        <source>Send the call again with the arguments the tool takes: {names}.</source>
        <translation>请使用该工具接受的参数重新调用：{names}。</translation>
    </message>
    <message>
        <source>Send the call again without arguments.</source>
        <translation>请不带参数重新调用。</translation>
    </message>
    <message>
        <source>Error: the call to tool &apos;{tool}&apos; was not run: its arguments do not fit the tool&apos;s parameters.</source>
        <translation>错误：未执行对工具“{tool}”的调用：其参数与该工具的参数定义不符。</translation>
    </message>
</context>
<context>
    <name>FirstRunFlow</name>
    <message>
        <source>Could not look for local servers: {error}</source>
        <translation>无法查找本地服务器：{error}</translation>
    </message>
</context>
<context>
    <name>Forms</name>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>See the note above.</source>
        <translation>请参阅上方说明。</translation>
    </message>
    <message>
        <source>Not valid JSON (line {line}, column {column}): {error}.</source>
        <extracomment>Longer captions wrap, so the fields keep their room in a narrow window.</extracomment>
        <translation>JSON 无效（第 {line} 行，第 {column} 列）：{error}。</translation>
    </message>
    <message>
        <source>Enter a JSON object.</source>
        <translation>请输入一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Enter a JSON array.</source>
        <translation>请输入一个 JSON 数组。</translation>
    </message>
    <message>
        <source>This cannot be split into words: {error}. Close the quote.</source>
        <translation>无法拆分为单词：{error}。请补全引号。</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <translation>没有可用的系统密钥环。</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>Type a new key to replace the stored one</source>
        <translation>输入新密钥以替换已保存的密钥</translation>
    </message>
    <message>
        <source>Secrets cannot be stored here: no keyring is connected to this form.</source>
        <translation>无法在此保存机密：此表单未连接密钥环。</translation>
    </message>
    <message>
        <source>For values ticked Secret: {problem}</source>
        <translation>对于勾选了“机密”的值：{problem}</translation>
    </message>
    <message>
        <source>Every value needs a name.</source>
        <translation>每个值都需要名称。</translation>
    </message>
    <message>
        <source>Each name once: {names} appears more than once.</source>
        <translation>名称不能重复：{names} 出现了多次。</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>选择文件夹…</translation>
    </message>
    <message>
        <source>Choose a file…</source>
        <translation>选择文件…</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>模型 ID</translation>
    </message>
    <message>
        <source>{field} is required.</source>
        <translation>{field}为必填项。</translation>
    </message>
</context>
<context>
    <name>FullTextViewer</name>
    <message>
        <source>{title}, whole text</source>
        <translation>{title}，全文</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Loading state</source>
        <translation>加载状态</translation>
    </message>
    <message>
        <source>Whole text</source>
        <translation>全文</translation>
    </message>
    <message>
        <source>{characters} characters · {lines} lines</source>
        <translation>{characters} 个字符 · {lines} 行</translation>
    </message>
    <message>
        <source>“{word}” first found on line {line}</source>
        <translation>“{word}”首次出现在第 {line} 行</translation>
    </message>
    <message>
        <source>Loading… {percent} %</source>
        <translation>正在加载… {percent} %</translation>
    </message>
</context>
<context>
    <name>GeneralPage</name>
    <message>
        <source>How the app looks and behaves.</source>
        <translation>应用的外观和行为。</translation>
    </message>
</context>
<context>
    <name>ImportChoice</name>
    <message>
        <source>Import data</source>
        <translation>导入数据</translation>
    </message>
    <message>
        <source>{file} holds the data below. Choose what to add to this computer&apos;s.</source>
        <translation>{file} 包含以下数据。请选择要添加到这台电脑上的内容。</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n 个对话</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remembered item(s)</source>
        <translation>
            <numerusform>%n 条记忆条目</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n 个项目</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s)</source>
        <translation>
            <numerusform>%n 个技能</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n schedule(s), imported switched off</source>
        <translation>
            <numerusform>%n 个计划（导入后为关闭状态）</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings, providers and agents (replace yours where they differ)</source>
        <translation>设置、提供商和智能体（不同之处将替换你的）</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
</context>
<context>
    <name>ImportPreview</name>
    <message>
        <source>Server list to import</source>
        <translation>要导入的服务器列表</translation>
    </message>
    <message>
        <source>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
Claude Desktop, Cursor, Cline, VS Code (servers) and Goose (extensions) files work.</source>
        <translation>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
支持 Claude Desktop、Cursor、Cline、VS Code（servers）和 Goose（extensions）的文件。</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <source>From a file…</source>
        <translation>从文件…</translation>
    </message>
    <message>
        <source>Read another app&apos;s MCP configuration file</source>
        <translation>读取其他应用的 MCP 配置文件</translation>
    </message>
    <message>
        <source>Add these servers</source>
        <translation>添加这些服务器</translation>
    </message>
    <message>
        <source>Import preview</source>
        <translation>导入预览</translation>
    </message>
    <message>
        <source>Import MCP servers from a file</source>
        <translation>从文件导入 MCP 服务器</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件（*.json）</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件（*）</translation>
    </message>
    <message numerus="yes">
        <source>Add %n server(s)</source>
        <translation>
            <numerusform>添加 %n 个服务器</numerusform>
        </translation>
    </message>
    <message>
        <source>“{name}” is larger than an MCP configuration file can be (over 1 MB); choose the app&apos;s MCP settings file.</source>
        <translation>“{name}”超出了 MCP 配置文件可能的大小（超过 1 MB）；请选择该应用的 MCP 设置文件。</translation>
    </message>
    <message>
        <source>Could not read “{name}”: {error}. Choose another file or paste its text.</source>
        <translation>无法读取“{name}”：{error}。请选择其他文件，或粘贴其文本。</translation>
    </message>
</context>
<context>
    <name>InstructionsDialog</name>
    <message>
        <source>Chat instructions</source>
        <translation>对话指令</translation>
    </message>
    <message>
        <source>The model reads these before every message of this chat. They replace the agent&apos;s instructions for this chat only.</source>
        <translation>模型在此对话的每条消息之前都会读取这些指令。它们仅在此对话中替代智能体的指令。</translation>
    </message>
    <message>
        <source>Instructions for this chat</source>
        <translation>此对话的指令</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions:

{instructions}</source>
        <translation>留空：此对话使用其智能体的指令：

{instructions}</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions (it has none).</source>
        <translation>留空：此对话使用其智能体的指令（智能体没有指令）。</translation>
    </message>
    <message>
        <source>Use the agent&apos;s</source>
        <translation>使用智能体的指令</translation>
    </message>
    <message>
        <source>Remove this chat&apos;s own instructions</source>
        <translation>移除此对话自己的指令</translation>
    </message>
    <message>
        <source>Instructions of {name}</source>
        <translation>{name} 的指令</translation>
    </message>
    <message>
        <source>Project instructions</source>
        <translation>项目指令</translation>
    </message>
</context>
<context>
    <name>LinkedItems</name>
    <message>
        <source>This row links to {href}, which the app cannot open.</source>
        <translation>此行链接到 {href}，应用无法打开它。</translation>
    </message>
    <message>
        <source>Only a file of one of your projects opens from a chat.</source>
        <translation>只有你某个项目中的文件才能从对话中打开。</translation>
    </message>
    <message>
        <source>No app here opens {name}.</source>
        <translation>此处没有可打开 {name} 的应用。</translation>
    </message>
    <message>
        <source>Settings has no Memory page: the memory plugin is turned off.</source>
        <translation>设置中没有“记忆”页面：记忆插件已关闭。</translation>
    </message>
    <message>
        <source>That remembered item was deleted.</source>
        <translation>该记忆条目已被删除。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
</context>
<context>
    <name>MarkdownRender</name>
    <message>
        <source>Copy</source>
        <extracomment>Held while markdown-it or Pygments import a module or fill one of their lazy caches.</extracomment>
        <translation>复制</translation>
    </message>
    <message>
        <source>Drawing diagram…</source>
        <translation>正在绘制图表…</translation>
    </message>
    <message>
        <source>Copy source</source>
        <translation>复制源码</translation>
    </message>
</context>
<context>
    <name>McpServerTrustList</name>
    <message>
        <source>MCP server trust</source>
        <translation>MCP 服务器信任</translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Import JSON…</source>
        <translation>导入 JSON…</translation>
    </message>
    <message>
        <source>Paste an mcpServers block from another app&apos;s config</source>
        <translation>粘贴其他应用配置中的 mcpServers 块</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>请先修正“{current_id}”中突出显示的字段。</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>未给出原因</translation>
    </message>
    <message>
        <source>Could not connect: {reason}</source>
        <translation>无法连接：{reason}</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n tool(s) ({tools}).</source>
        <translation>
            <numerusform>已连接：%n 个工具（{tools}）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected.</source>
        <translation>已连接。</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Editing an earlier message: sending starts a new version of the chat from there; the current one stays (switch with ‹ › on the message).</source>
        <translation>正在编辑较早的消息：发送后将从那里开始对话的新版本；当前版本会保留（用消息上的 ‹ › 切换）。</translation>
    </message>
    <message>
        <source>Its attachments go with it: {files}.</source>
        <translation>其附件也会一并带上：{files}。</translation>
    </message>
    <message>
        <source>{title} (fork)</source>
        <translation>{title}（分叉）</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Forking the chat…</source>
        <translation>正在分叉对话…</translation>
    </message>
    <message>
        <source>Could not fork the chat: {error}</source>
        <translation>无法分叉对话：{error}</translation>
    </message>
    <message>
        <source>Forked into “{title}”.</source>
        <translation>已分叉为“{title}”。</translation>
    </message>
    <message>
        <source>This chat has no code block to copy.</source>
        <translation>此对话中没有可复制的代码块。</translation>
    </message>
    <message>
        <source>This chat has its own instructions.</source>
        <translation>此对话有自己的指令。</translation>
    </message>
    <message>
        <source>This chat uses its agent&apos;s instructions.</source>
        <translation>此对话使用其智能体的指令。</translation>
    </message>
</context>
<context>
    <name>MessageBody</name>
    <message>
        <source>{size} MB</source>
        <translation>{size} MB</translation>
    </message>
    <message>
        <source>{size} KB</source>
        <translation>{size} KB</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} 行</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>images</source>
        <extracomment>The widest the button grows; a longer id is cut at its end (its start says which model).</extracomment>
        <translation>图像</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>{size}k context</source>
        <translation>{size}k 上下文</translation>
    </message>
    <message>
        <source>${given:.2f} / ${answered:.2f} per M tokens</source>
        <translation>${given:.2f} / ${answered:.2f}（每百万 token）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Model for this chat</source>
        <translation>此对话的模型</translation>
    </message>
    <message>
        <source>{model} · {provider}</source>
        <translation>{model} · {provider}</translation>
    </message>
    <message>
        <source>Model for this chat: {model}</source>
        <translation>此对话的模型：{model}</translation>
    </message>
</context>
<context>
    <name>ModelPickerPopup</name>
    <message>
        <source>Choose a model</source>
        <translation>选择模型</translation>
    </message>
    <message>
        <source>Filter models</source>
        <translation>筛选模型</translation>
    </message>
    <message>
        <source>Filter models, or type a model id…</source>
        <translation>筛选模型，或输入模型 ID…</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>Pin the model</source>
        <translation>置顶该模型</translation>
    </message>
    <message>
        <source>Refresh lists</source>
        <translation>刷新列表</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>模型列表状态</translation>
    </message>
    <message>
        <source>No provider is set up where this chat runs, so there is no model to pick. Add one in Settings → Providers, or in the agent server&apos;s settings.</source>
        <translation>此聊天运行的位置未设置任何提供商，因此没有可选的模型。请在 设置 → 提供商 中添加一个，或在智能体服务器的设置中添加。</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>正在获取模型列表…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>已置顶</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近使用</translation>
    </message>
    <message>
        <source>Could not list the models: {reason}</source>
        <translation>无法获取模型列表：{reason}</translation>
    </message>
    <message>
        <source>Use “{model}” from {provider}</source>
        <translation>使用 {provider} 的“{model}”</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消置顶</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Notice</source>
        <extracomment>The topic of &quot;the agent is still working in this chat&quot;: withdrawn once the chat is free. The topic of &quot;editing an earlier message&quot;: withdrawn once the edited answer is done.</extracomment>
        <translation>通知</translation>
    </message>
    <message>
        <source>Notice action</source>
        <translation>通知操作</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Dismiss notice</source>
        <translation>关闭通知</translation>
    </message>
</context>
<context>
    <name>PathField</name>
    <message>
        <source>Choose {label}</source>
        <translation>选择{label}</translation>
    </message>
</context>
<context>
    <name>PluginActions</name>
    <message>
        <source>{kind} plugin, version {version}, by {author}</source>
        <translation>{kind} 插件，版本 {version}，作者 {author}</translation>
    </message>
    <message>
        <source>{kind} plugin, version {version}</source>
        <translation>{kind} 插件，版本 {version}</translation>
    </message>
    <message>
        <source>It cannot be loaded: {error}</source>
        <translation>无法加载：{error}</translation>
    </message>
    <message>
        <source>Tools it adds:</source>
        <translation>它添加的工具：</translation>
    </message>
    <message>
        <source>It adds no tools.</source>
        <translation>它不添加任何工具。</translation>
    </message>
    <message>
        <source>Settings it adds:</source>
        <translation>它添加的设置：</translation>
    </message>
    <message>
        <source>It adds no settings.</source>
        <translation>它不添加任何设置。</translation>
    </message>
    <message>
        <source>It would not be installed: {problem}</source>
        <translation>它不会被安装：{problem}</translation>
    </message>
    <message>
        <source>secret, kept in the keyring</source>
        <translation>机密，保存在密钥环中</translation>
    </message>
    <message>
        <source>default: {value}</source>
        <translation>默认值：{value}</translation>
    </message>
    <message>
        <source>Disable</source>
        <translation>停用</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>移除…</translation>
    </message>
    <message>
        <source>Plugin details</source>
        <translation>插件详细信息</translation>
    </message>
    <message>
        <source>Choose a plugin to see what it is: its kind, tools and settings.</source>
        <translation>选择一个插件以查看它是什么：类型、工具和设置。</translation>
    </message>
    <message>
        <source>Reading what {plugin} is…</source>
        <translation>正在读取 {plugin} 的信息…</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>启用</translation>
    </message>
    <message>
        <source>A provider is turned off by removing its connection on the Providers page.</source>
        <translation>要关闭提供商，请在“提供商”页面移除它的连接。</translation>
    </message>
    <message>
        <source>{plugin} is turned on for every agent when you press OK.</source>
        <translation>按“确定”后，{plugin} 将对所有智能体启用。</translation>
    </message>
    <message>
        <source>{plugin} is turned off for every agent when you press OK: its tools are gone from the next request.</source>
        <translation>按“确定”后，{plugin} 将对所有智能体停用：从下一次请求起，它的工具不再提供。</translation>
    </message>
    <message>
        <source>Updating {plugin}…</source>
        <translation>正在更新 {plugin}…</translation>
    </message>
    <message>
        <source>Fetched {source} again: the new version loads at the next start.</source>
        <translation>已重新获取 {source}：新版本将在下次启动时加载。</translation>
    </message>
    <message>
        <source>Updated {name} to {version}: it runs from the next start.</source>
        <translation>已将 {name} 更新到 {version}：从下次启动起运行。</translation>
    </message>
    <message>
        <source>Remove {plugin}?</source>
        <translation>移除 {plugin}？</translation>
    </message>
    <message>
        <source>Its package is deleted from the plugin folder; its tools are gone at once.</source>
        <translation>它的软件包将从插件文件夹中删除；它的工具会立即消失。</translation>
    </message>
    <message>
        <source>Its source leaves the config when you press OK; it is gone from the next start.</source>
        <translation>按“确定”后，它的来源将从配置中移除；从下次启动起它将消失。</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Removing {plugin}…</source>
        <translation>正在移除 {plugin}…</translation>
    </message>
    <message>
        <source>Removed the source {source}: it is saved when you press OK.</source>
        <translation>已移除来源 {source}：按“确定”后保存。</translation>
    </message>
    <message>
        <source>Removed {name}: its tools are gone.</source>
        <translation>已移除 {name}：它的工具已消失。</translation>
    </message>
</context>
<context>
    <name>PluginInstaller</name>
    <message>
        <source>Plugin to install</source>
        <translation>要安装的插件</translation>
    </message>
    <message>
        <source>A package name, a wheel file (.whl), path:/folder, git+URL or package.PluginClass</source>
        <translation>包名、wheel 文件 (.whl)、path:/folder、git+URL 或 package.PluginClass</translation>
    </message>
    <message>
        <source>Choose wheel…</source>
        <translation>选择 wheel…</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>See what it is (kind, tools, settings) before installing it</source>
        <translation>安装前查看它是什么（类型、工具、设置）</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>安装</translation>
    </message>
    <message>
        <source>Choose a plugin wheel</source>
        <translation>选择插件 wheel</translation>
    </message>
    <message>
        <source>Python wheels (*.whl)</source>
        <translation>Python wheel（*.whl）</translation>
    </message>
    <message>
        <source>Type or choose what to install first.</source>
        <translation>请先输入或选择要安装的内容。</translation>
    </message>
    <message>
        <source>Installing {wheel}…</source>
        <translation>正在安装 {wheel}…</translation>
    </message>
    <message>
        <source>Fetching {name} from the package index…</source>
        <translation>正在从软件包索引获取 {name}…</translation>
    </message>
    <message>
        <source>Checking {source}…</source>
        <translation>正在检查 {source}…</translation>
    </message>
    <message>
        <source>Installed {name} {version} by {author}: it adds {plugins}. Its settings show the next time Settings opens.</source>
        <translation>已安装 {author} 的 {name} {version}：它添加了 {plugins}。其设置将在下次打开“设置”时显示。</translation>
    </message>
    <message>
        <source>an unnamed author</source>
        <translation>未署名作者</translation>
    </message>
    <message>
        <source>Added the plugin source {source}: it is saved when you press OK and loads at the next start.</source>
        <translation>已添加插件来源 {source}：按“确定”后保存，并在下次启动时加载。</translation>
    </message>
</context>
<context>
    <name>PluginSettingsPage</name>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for each agent.</source>
        <translation>插件“{plugin}”{version} 的设置，按智能体分别设置。</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for the whole app.</source>
        <translation>插件“{plugin}”{version} 的设置，作用于整个应用。</translation>
    </message>
    <message>
        <source>Settings for agent</source>
        <translation>智能体的设置</translation>
    </message>
</context>
<context>
    <name>PluginsPage</name>
    <message>
        <source>Plugin</source>
        <translation>插件</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>provider</source>
        <extracomment>The kinds `plugin_discovery` sorts plugins into, and the tool plugins&apos; flavours (`agent_app.plugin_offers`), as the Kind column and the details name them.</extracomment>
        <translation>提供商</translation>
    </message>
    <message>
        <source>extension</source>
        <translation>扩展</translation>
    </message>
    <message>
        <source>feature</source>
        <translation>功能</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>agent-adapter tool</source>
        <translation>代理适配器工具</translation>
    </message>
    <message>
        <source>OpenHands tool</source>
        <translation>OpenHands 工具</translation>
    </message>
    <message>
        <source>Node tool</source>
        <translation>Node 工具</translation>
    </message>
    <message>
        <source>Everything that was found at start-up. “Enabled” is for the default agent; change it per agent on the Agents page.</source>
        <translation>启动时找到的全部插件。“已启用”针对默认智能体；可在“智能体”页面按智能体更改。</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Failed to load: {error}</source>
        <translation>加载失败：{error}</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>已加载</translation>
    </message>
</context>
<context>
    <name>ProjectChats</name>
    <message>
        <source>No project was made of {folder}: {reason}</source>
        <translation>未能用 {folder} 创建项目：{reason}</translation>
    </message>
    <message>
        <source>“{name}” is no longer a project; its folder is as it was.</source>
        <translation>“{name}”不再是项目；它的文件夹保持原样。</translation>
    </message>
    <message>
        <source>Pin a file of {name}</source>
        <translation>固定 {name} 中的文件</translation>
    </message>
    <message>
        <source>{path} is not in the project&apos;s folder {folder}; only its files are pinned.</source>
        <translation>{path} 不在项目文件夹 {folder} 中；只能固定该文件夹中的文件。</translation>
    </message>
    <message>
        <source>The project “{name}” is updated.</source>
        <translation>项目“{name}”已更新。</translation>
    </message>
    <message>
        <source>No model is chosen yet: pick one in the message box, then try again.</source>
        <translation>尚未选择模型：请在消息框中选择一个，然后重试。</translation>
    </message>
    <message>
        <source>New chats in “{name}” use the model of the chat they are started from.</source>
        <translation>“{name}”中的新对话使用发起它们的对话的模型。</translation>
    </message>
    <message>
        <source>New chats in “{name}” use {model}.</source>
        <translation>“{name}”中的新对话使用 {model}。</translation>
    </message>
    <message>
        <source>This chat is in the project “{name}”: it works in {folder}.</source>
        <translation>此对话属于项目“{name}”：它在 {folder} 中工作。</translation>
    </message>
</context>
<context>
    <name>ProjectsPanel</name>
    <message>
        <source>Projects</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Projects and their chats</source>
        <translation>项目及其对话</translation>
    </message>
    <message>
        <source>New chat in project</source>
        <translation>在项目中新建对话</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新建对话</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n 个对话</numerusform>
        </translation>
    </message>
    <message>
        <source>New chats use {model}</source>
        <translation>新对话使用 {model}</translation>
    </message>
    <message>
        <source>New chat in {name}</source>
        <translation>在 {name} 中新建对话</translation>
    </message>
    <message>
        <source>Project actions</source>
        <translation>项目操作</translation>
    </message>
    <message>
        <source>Instructions…</source>
        <translation>指令…</translation>
    </message>
    <message>
        <source>Pin a file…</source>
        <translation>置顶文件…</translation>
    </message>
    <message>
        <source>Use the model shown for its new chats</source>
        <translation>新对话使用当前显示的模型</translation>
    </message>
    <message>
        <source>Stop using {model} for its new chats</source>
        <translation>新对话不再使用 {model}</translation>
    </message>
</context>
<context>
    <name>PromptLayer</name>
    <message>
        <source>Approval prompts</source>
        <translation>批准提示</translation>
    </message>
</context>
<context>
    <name>ProviderPresets</name>
    <message>
        <source>Other OpenAI-compatible server</source>
        <extracomment>The `preset` key the OpenAI-compatible plugin knows the server by (&quot;&quot; for none).</extracomment>
        <translation>其他兼容 OpenAI 的服务器</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Add provider…</source>
        <translation>添加提供商…</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Ask the server for its models with these settings</source>
        <translation>用这些设置向服务器查询其模型</translation>
    </message>
    <message>
        <source>Found on this computer</source>
        <translation>在此计算机上找到</translation>
    </message>
    <message>
        <source>Services</source>
        <translation>服务</translation>
    </message>
    <message>
        <source>For tests</source>
        <translation>用于测试</translation>
    </message>
    <message>
        <source>No local server found running (Ollama, LM Studio…)</source>
        <translation>未发现正在运行的本地服务器（Ollama、LM Studio…）</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>请先修正“{current_id}”中突出显示的字段。</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s) ({models}).</source>
        <translation>
            <numerusform>已连接：%n 个模型（{models}）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected: no models.</source>
        <translation>已连接：没有模型。</translation>
    </message>
</context>
<context>
    <name>RecordsField</name>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Search {label}</source>
        <translation>搜索{label}</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Edit the selected {label}</source>
        <translation>编辑所选{label}</translation>
    </message>
    <message>
        <source>Delete the selected {label}</source>
        <translation>删除所选{label}</translation>
    </message>
</context>
<context>
    <name>RemoteChats</name>
    <message>
        <source>The agent server at {url} runs with the token it made on an earlier start, which this app does not know. Revoke it with &apos;agent-desktop serve --revoke-token --data-dir {folder}&apos; and start the server again to get a new one.</source>
        <translation>位于 {url} 的智能体服务器使用的是之前启动时创建的令牌，本应用不知道该令牌。请用“agent-desktop serve --revoke-token --data-dir {folder}”将其撤销，然后重新启动服务器以获取新令牌。</translation>
    </message>
    <message>
        <source>The agent server {server} stopped: {reason}</source>
        <translation>智能体服务器 {server} 已停止：{reason}</translation>
    </message>
    <message>
        <source>The access token of the agent server {server} is revoked: the server refuses it from now on. Restart the server to make a new one, then connect again.</source>
        <translation>智能体服务器 {server} 的访问令牌已撤销：服务器从现在起拒绝该令牌。请重启服务器以生成新令牌，然后重新连接。</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>重命名对话</translation>
    </message>
    <message>
        <source>New name of the chat on {server}</source>
        <translation>{server} 上对话的新名称</translation>
    </message>
</context>
<context>
    <name>RemoteServerSection</name>
    <message>
        <source>Agent server {server}</source>
        <translation>智能体服务器 {server}</translation>
    </message>
    <message>
        <source>New chat on {server}</source>
        <translation>在 {server} 上新建对话</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>智能体服务器 {server} 的设置</translation>
    </message>
    <message>
        <source>Chats on {server}</source>
        <translation>{server} 上的对话</translation>
    </message>
    <message>
        <source>Untitled chat</source>
        <translation>未命名对话</translation>
    </message>
</context>
<context>
    <name>ResourceBrowser</name>
    <message>
        <source>Tool server resources</source>
        <translation>工具服务器资源</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Resource preview</source>
        <translation>资源预览</translation>
    </message>
    <message>
        <source>Resource picture</source>
        <translation>资源图片</translation>
    </message>
    <message>
        <source>Resource browser message</source>
        <translation>资源浏览器消息</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>附加</translation>
    </message>
    <message>
        <source>Attach resource</source>
        <translation>附加资源</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>{name} (template)</source>
        <translation>{name}（模板）</translation>
    </message>
    <message>
        <source>No running tool server offers resources.</source>
        <translation>没有正在运行的工具服务器提供资源。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>A template: Attach asks for its parameters ({names}), then reads the resource.</source>
        <translation>这是一个模板：点击“附加”会先询问其参数（{names}），然后读取资源。</translation>
    </message>
    <message>
        <source>Reading {uri}…</source>
        <translation>正在读取 {uri}…</translation>
    </message>
    <message>
        <source>Could not read it: {error}</source>
        <translation>无法读取：{error}</translation>
    </message>
    <message>
        <source>{mime}, {size} (binary)</source>
        <translation>{mime}，{size}（二进制）</translation>
    </message>
    <message numerus="yes">
        <source>… (%n characters in all)</source>
        <translation>
            <numerusform>…（共 %n 个字符）</numerusform>
        </translation>
    </message>
    <message>
        <source>Attaching {name}…</source>
        <translation>正在附加 {name}…</translation>
    </message>
    <message>
        <source>Attached {name} to the message.</source>
        <translation>已将 {name} 附加到消息。</translation>
    </message>
    <message>
        <source>It was not attached.</source>
        <translation>未能附加。</translation>
    </message>
    <message>
        <source>{name}: parameters</source>
        <translation>{name}：参数</translation>
    </message>
</context>
<context>
    <name>RowLayouter</name>
    <message>
        <source>Show all  ({size})</source>
        <translation>显示全部（{size}）</translation>
    </message>
    <message numerus="yes">
        <source>… %n earlier characters not shown …</source>
        <translation>
            <numerusform>… 前面 %n 个字符未显示 …</numerusform>
        </translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>（无输出）</translation>
    </message>
</context>
<context>
    <name>RowTasks</name>
    <message>
        <source>Could not ask the server to cancel the task: {error}</source>
        <translation>无法请求服务器取消该任务：{error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its row shows how it ended.</source>
        <translation>已请求服务器取消 {task}；其结束情况会显示在该行中。</translation>
    </message>
</context>
<context>
    <name>ScheduleEditor</name>
    <message>
        <source>Schedule</source>
        <extracomment>Every configured provider with its models (the model catalog&apos;s listing, off the GUI thread).</extracomment>
        <translation>计划</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Use the agent&apos;s model</source>
        <translation>使用智能体的模型</translation>
    </message>
    <message>
        <source>Answer in</source>
        <translation>回答位置</translation>
    </message>
    <message>
        <source>A new chat each run</source>
        <translation>每次运行新建聊天</translation>
    </message>
    <message>
        <source>this chat</source>
        <translation>此聊天</translation>
    </message>
    <message>
        <source>The chat “{title}”</source>
        <translation>聊天“{title}”</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>Every day</source>
        <translation>每天</translation>
    </message>
    <message>
        <source>Weekdays</source>
        <translation>工作日</translation>
    </message>
    <message>
        <source>Weekly on</source>
        <translation>每周</translation>
    </message>
    <message>
        <source>Every N minutes</source>
        <translation>每 N 分钟</translation>
    </message>
    <message>
        <source>Hourly</source>
        <translation>每小时</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>星期</translation>
    </message>
    <message>
        <source>Minutes</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>At</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>时区</translation>
    </message>
    <message>
        <source>Missed runs</source>
        <translation>错过的运行</translation>
    </message>
    <message>
        <source>Run once on return</source>
        <translation>恢复后运行一次</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>Schedules run while Agent Desktop runs, also hidden in the tray. To run them with the window closed, turn on “Run schedules when the app is closed” in the Schedules window, or run “agent-desktop serve” on this data folder.</source>
        <translation>计划会在 Agent Desktop 运行时执行，隐藏在托盘中时也一样。要在窗口关闭时也执行，请在计划列表窗口中打开“应用关闭时也运行计划”，或在此数据文件夹上运行“agent-desktop serve”。</translation>
    </message>
    <message>
        <source>The agent&apos;s own model</source>
        <translation>智能体自己的模型</translation>
    </message>
    <message>
        <source>Runs use the model of the schedule&apos;s agent.</source>
        <translation>运行时使用该计划的智能体的模型。</translation>
    </message>
</context>
<context>
    <name>ScheduleRuns</name>
    <message>
        <source>Scheduled run finished</source>
        <translation>计划运行已完成</translation>
    </message>
    <message>
        <source>A scheduled run needs you</source>
        <translation>计划运行需要您处理</translation>
    </message>
    <message>
        <source>{name}: a tool waits for your approval in its chat.</source>
        <translation>{name}：有一个工具在其聊天中等待您的批准。</translation>
    </message>
    <message>
        <source>A scheduled run failed</source>
        <translation>计划运行失败</translation>
    </message>
</context>
<context>
    <name>SchedulesDialog</name>
    <message>
        <source>Schedules</source>
        <translation>计划列表</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Run schedules when the app is closed</source>
        <translation>应用关闭时也运行计划</translation>
    </message>
    <message>
        <source>Installs a user service that runs this data folder&apos;s schedules at login, without a window (systemd on Linux). A run is never started twice.</source>
        <translation>安装一个用户服务，在登录时无窗口地运行此数据文件夹的计划（Linux 上为 systemd）。同一次运行绝不会启动两次。</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>预定时间</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Open the run&apos;s chat</source>
        <translation>打开此次运行的聊天</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Needs you</source>
        <translation>需要您处理</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Also stands for missed due times: {count}</source>
        <translation>同时代替错过的预定时间：{count}</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <source>Your choices: keep the key for this session only (enter it again after a restart); type ${env:VARIABLE} to read it from an environment variable on every start; or unlock or install a keyring (GNOME Keyring, KWallet) and restart.</source>
        <extracomment>What a user without a working keyring can do, said where a key is typed.</extracomment>
        <translation>你可以：仅在本次会话中保留密钥（重启后需重新输入）；输入 ${env:VARIABLE}，每次启动时从环境变量读取；或者解锁或安装密钥环（GNOME Keyring、KWallet）后重启。</translation>
    </message>
</context>
<context>
    <name>SelectableText</name>
    <message>
        <source>Message text</source>
        <translation>消息文本</translation>
    </message>
</context>
<context>
    <name>ServerLogDialog</name>
    <message>
        <source>Log of {server}</source>
        <translation>{server} 的日志</translation>
    </message>
    <message>
        <source>(nothing logged yet)</source>
        <translation>（尚无日志）</translation>
    </message>
</context>
<context>
    <name>ServerSettingsDialog</name>
    <message>
        <source>Not available for an agent server: it would pick a file or folder on this computer, which the server cannot read. Use it in the settings of the app on the server&apos;s computer.</source>
        <translation>智能体服务器不支持此操作：它会在这台电脑上选择文件或文件夹，而服务器无法读取。请在服务器所在电脑上的应用设置中使用它。</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>智能体服务器 {server} 的设置</translation>
    </message>
    <message>
        <source>These settings are kept on the agent server {server} and used by its agent; secrets typed here go to that server&apos;s keyring and are never sent back.</source>
        <translation>这些设置保存在智能体服务器 {server} 上，由其智能体使用；在此输入的密钥会存入该服务器的密钥环，且永远不会被发回。</translation>
    </message>
    <message>
        <source>Agent:</source>
        <translation>智能体：</translation>
    </message>
    <message>
        <source>Agent of the server</source>
        <translation>服务器的智能体</translation>
    </message>
    <message>
        <source>Whose settings these pages show and change.</source>
        <translation>这些页面显示和更改的是哪个智能体的设置。</translation>
    </message>
    <message>
        <source>Plugins of the server</source>
        <translation>服务器的插件</translation>
    </message>
    <message>
        <source>Reading the settings from the server…</source>
        <translation>正在从服务器读取设置…</translation>
    </message>
    <message>
        <source>Revoke the access token…</source>
        <translation>撤销访问令牌…</translation>
    </message>
    <message>
        <source>The server refuses this token from then on, from every computer that has it; restarting the server makes a new one.</source>
        <translation>此后服务器将拒绝此令牌，无论哪台计算机持有它；重启服务器会生成新令牌。</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}” on the server.</source>
        <translation>服务器上插件“{plugin}”的设置。</translation>
    </message>
    <message>
        <source>The server&apos;s plugins have no settings to change.</source>
        <translation>服务器的插件没有可更改的设置。</translation>
    </message>
    <message>
        <source>Save or cancel the changes to this agent&apos;s settings first.</source>
        <translation>请先保存或取消对此智能体设置的更改。</translation>
    </message>
    <message>
        <source>Revoke the access token?</source>
        <translation>要撤销访问令牌吗？</translation>
    </message>
    <message>
        <source>The server refuses this token from now on, here and on every computer it was given to, and this window disconnects from it. To connect again, restart &apos;agent-desktop serve&apos;: it makes and shows a new token.</source>
        <translation>服务器将从现在起拒绝此令牌，无论是在这里还是在获得该令牌的任何计算机上，此窗口也会与其断开连接。要重新连接，请重启“agent-desktop serve”：它会生成并显示新令牌。</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>ServerSignInPanel</name>
    <message>
        <source>MCP server sign-in</source>
        <translation>MCP 服务器登录</translation>
    </message>
    <message>
        <source>MCP sign-in result</source>
        <translation>MCP 登录结果</translation>
    </message>
    <message>
        <source>Sign in again</source>
        <translation>重新登录</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access and open its login page in your browser</source>
        <translation>清除对此服务器的访问凭据，并在浏览器中打开其登录页面</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>退出登录</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access; its tools stop until you sign in</source>
        <translation>清除对此服务器的访问凭据；在重新登录之前，其工具将停止工作</translation>
    </message>
</context>
<context>
    <name>ServerStatusLog</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n 个工具</numerusform>
        </translation>
    </message>
    <message>
        <source>{state}: {reason} (stderr: {said})</source>
        <translation>{state}：{reason}（stderr：{said}）</translation>
    </message>
    <message>
        <source>{state} It failed before: {reason} (stderr: {said})</source>
        <translation>{state} 上次失败：{reason}（stderr：{said}）</translation>
    </message>
    <message>
        <source>MCP server status</source>
        <translation>MCP 服务器状态</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>显示日志</translation>
    </message>
    <message>
        <source>MCP server log</source>
        <translation>MCP 服务器日志</translation>
    </message>
    <message>
        <source>Nothing logged yet.</source>
        <translation>尚无日志。</translation>
    </message>
    <message>
        <source>Hide log</source>
        <translation>隐藏日志</translation>
    </message>
</context>
<context>
    <name>ServerTokenDialog</name>
    <message>
        <source>Access token of the agent server</source>
        <translation>智能体服务器的访问令牌</translation>
    </message>
    <message>
        <source>The agent server at {url} is running. Every request to it carries this token. Copy it now to connect from another app or computer: it will not be shown again. This app keeps it and connects by itself. To revoke it, use &apos;Revoke the access token&apos; in the server&apos;s settings, or run &apos;agent-desktop serve --revoke-token&apos;.</source>
        <translation>位于 {url} 的智能体服务器正在运行。发往它的每个请求都带有此令牌。如需从其他应用或计算机连接，请立即复制：它不会再次显示。本应用会保存它并自动连接。要撤销它，请在服务器的设置中使用“撤销访问令牌”，或运行“agent-desktop serve --revoke-token”。</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>访问令牌</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the access token</source>
        <translation>复制访问令牌</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
</context>
<context>
    <name>SessionActionRunner</name>
    <message>
        <source>Open or start a conversation first, then run the action on it.</source>
        <translation>请先打开或开始一个对话，然后再对其运行此操作。</translation>
    </message>
    <message>
        <source>“{action}” is still running; wait for it or cancel it first.</source>
        <translation>“{action}”仍在运行；请等待其完成或先取消。</translation>
    </message>
    <message>
        <source>Select the messages for “{action}” first: click the first one and Shift+click the last one, then choose it again.</source>
        <translation>请先为“{action}”选择消息：单击第一条，再按住 Shift 单击最后一条，然后重新选择此操作。</translation>
    </message>
</context>
<context>
    <name>SessionFiles</name>
    <message>
        <source>Export chat</source>
        <translation>导出对话</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown（*.md）</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON（*.json）</translation>
    </message>
    <message>
        <source>Import chats</source>
        <translation>导入对话</translation>
    </message>
    <message>
        <source>Agent Desktop chats (*{suffix} *.json)</source>
        <translation>Agent Desktop 对话（*{suffix} *.json）</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件（*）</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}. Choose another place.</source>
        <translation>无法写入 {path}：{reason}。请选择其他位置。</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>已导出到 {path}。</translation>
    </message>
    <message>
        <source>{path} was not imported: {error}</source>
        <translation>{path} 未导入：{error}</translation>
    </message>
</context>
<context>
    <name>SessionSidebar</name>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>已导入 %n 个对话。</numerusform>
        </translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation>需要批准</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>{place}:</source>
        <translation>{place}：</translation>
    </message>
    <message>
        <source>now</source>
        <translation>刚刚</translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n 分钟</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n 小时</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n 天</numerusform>
        </translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新建对话</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>New chat (Ctrl+N)</source>
        <translation>新建对话（Ctrl+N）</translation>
    </message>
    <message>
        <source>Search chats  (Ctrl+K)</source>
        <translation>搜索对话（Ctrl+K）</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Conversation list</source>
        <translation>对话列表</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>无匹配结果</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>导出为 Markdown…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>导出为 JSON…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>{label} ({unit})</source>
        <extracomment>What a JSON-schema type is drawn as when the field names no `widget`.</extracomment>
        <translation>{label}（{unit}）</translation>
    </message>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Appearance</source>
        <extracomment>Drawn per server on the Tools page (not a field of a section&apos;s form).</extracomment>
        <translation>外观</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>高对比度</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Send messages with</source>
        <translation>发送消息的按键</translation>
    </message>
    <message>
        <source>Enter (Shift+Enter for a new line)</source>
        <translation>Enter（Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Ctrl+Enter</translation>
    </message>
    <message>
        <source>Tool rounds per request</source>
        <translation>每次请求的工具调用轮数</translation>
    </message>
    <message>
        <source>The agent stops after this many rounds of tool calls in one request.</source>
        <translation>在一次请求中，工具调用达到这么多轮后，智能体会停止。</translation>
    </message>
    <message>
        <source>Tool time limit</source>
        <translation>工具时间限制</translation>
    </message>
    <message>
        <source>A tool that runs longer than this is stopped.</source>
        <translation>运行超过此时长的工具将被停止。</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Plugin time limit (seconds)</source>
        <translation>插件时间限制（秒）</translation>
    </message>
    <message>
        <source>A plugin hook still running after this long stops its request, so the app keeps responding.</source>
        <translation>插件钩子运行超过此时长后，会停止其所在的请求，以保持应用响应。</translation>
    </message>
    <message>
        <source>Largest attachment</source>
        <translation>最大附件</translation>
    </message>
    <message>
        <source>Files larger than this are not attached.</source>
        <translation>超过此大小的文件不会被附加。</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>MCP server trust</source>
        <translation>MCP 服务器信任</translation>
    </message>
    <message>
        <source>Per MCP server: whether the tools it marks read-only may run without asking (a server&apos;s hints are its own claims). Servers not listed are asked about.</source>
        <translation>按 MCP 服务器设置：其标记为只读的工具是否可以无需询问直接运行（服务器的提示只是它自己的声明）。未列出的服务器会询问。</translation>
    </message>
    <message>
        <source>Extra plugin folders</source>
        <translation>额外的插件文件夹</translation>
    </message>
    <message>
        <source>Folders holding agent_plugin.json plugins, one per line; loaded on the next start.</source>
        <translation>包含 agent_plugin.json 插件的文件夹，每行一个；下次启动时加载。</translation>
    </message>
    <message>
        <source>Plugin package index</source>
        <translation>插件软件包索引</translation>
    </message>
    <message>
        <source>Where Settings → Plugins finds a plugin installed by its package name (the address of a simple repository index).</source>
        <translation>“设置 → 插件”按包名安装插件时从哪里获取（simple 仓库索引的地址）。</translation>
    </message>
    <message>
        <source>Developer mode</source>
        <translation>开发者模式</translation>
    </message>
    <message>
        <source>Also list plugins that exist for tests and demos (such as scripted replies).</source>
        <translation>同时列出用于测试和演示的插件（例如脚本回复）。</translation>
    </message>
    <message>
        <source>Text size (%)</source>
        <translation>文字大小（%）</translation>
    </message>
    <message>
        <source>Size of the chat&apos;s text, relative to the system font (View → Bigger text).</source>
        <translation>对话文字的大小，相对于系统字体（视图 → 放大文字）。</translation>
    </message>
    <message>
        <source>Show the sidebar</source>
        <translation>显示侧边栏</translation>
    </message>
    <message>
        <source>The list of chats on the left.</source>
        <translation>左侧的对话列表。</translation>
    </message>
    <message>
        <source>Show an icon in the system tray</source>
        <translation>在系统托盘中显示图标</translation>
    </message>
    <message>
        <source>Show or hide the window and start a chat from the tray; when the window is hidden, a finished answer is announced there.</source>
        <translation>可从托盘显示或隐藏窗口、开始对话；窗口隐藏时，回答完成会在托盘中提示。</translation>
    </message>
    <message>
        <source>Quick entry shortcut</source>
        <translation>快速输入快捷键</translation>
    </message>
    <message>
        <source>Keys that work in every app: they bring this window forward with the message box of a new chat ready (or of the chat shown, while it is empty or holds a draft). Empty: off. The command agent-desktop --quick-entry does the same.</source>
        <translation>在任何应用中都有效的按键：将此窗口调到前台，并准备好新对话的消息框（如果当前显示的对话为空或有草稿，则使用该对话）。留空：关闭。命令 agent-desktop --quick-entry 的作用相同。</translation>
    </message>
    <message>
        <source>Ask before every tool (hints ignored)</source>
        <translation>每个工具都先询问（忽略提示）</translation>
    </message>
    <message>
        <source>Run tools it marks read-only without asking</source>
        <translation>标记为只读的工具无需询问直接运行</translation>
    </message>
    <message>
        <source>Name</source>
        <extracomment>Keys that say where a provider connects and with which credential: they belong to the provider entry, never to an agent (where they would reach every provider the agent is switched to). Keys of a provider entry an agent cannot set for itself (its parameters may set the rest). Pages of the Settings dialog that show entries of these models (schema extra `section`).</extracomment>
        <translation>名称</translation>
    </message>
    <message>
        <source>e.g. Writer</source>
        <translation>例如：写作助手</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>The connection this agent talks through (Providers page).</source>
        <translation>此代理通过哪个连接通信（“提供商”页面）。</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>Empty: the provider&apos;s own default model. “Test connection” on the Providers page lists what the server offers.</source>
        <translation>留空：使用提供商自己的默认模型。“提供商”页面上的“测试连接”会列出服务器提供的模型。</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>You are a helpful assistant…</source>
        <translation>你是一个乐于助人的助手…</translation>
    </message>
    <message>
        <source>Other parameters (JSON)</source>
        <translation>其他参数（JSON）</translation>
    </message>
    <message>
        <source>Advanced: request settings the provider does not declare, e.g. {&quot;seed&quot;: 7}.</source>
        <translation>高级：提供商未声明的请求设置，例如 {&quot;seed&quot;: 7}。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <extracomment>Page names other parts of the app can open the dialog on.</extracomment>
        <translation>设置</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>设置页面</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>保存状态</translation>
    </message>
    <message>
        <source>Loading plugin settings…</source>
        <translation>正在加载插件设置…</translation>
    </message>
    <message>
        <source>PLUGIN SETTINGS</source>
        <translation>插件设置</translation>
    </message>
    <message>
        <source>Saving… (the system keyring may ask to be unlocked first)</source>
        <translation>正在保存…（系统密钥环可能会先要求解锁）</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>“{page}” has settings that need fixing (marked in red).</source>
        <translation>“{page}”中有需要修正的设置（以红色标出）。</translation>
    </message>
    <message>
        <source>Nothing was saved: {details}</source>
        <translation>未保存任何内容：{details}</translation>
    </message>
</context>
<context>
    <name>SettingsPages</name>
    <message>
        <source>Agents</source>
        <extracomment>Form keys of declared parameters: `parameters.&lt;name&gt;`.</extracomment>
        <translation>智能体</translation>
    </message>
    <message>
        <source>An agent is a provider and model with its own system prompt, parameters and plugins.</source>
        <translation>智能体是一个提供商和模型，带有自己的系统提示词、参数和插件。</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>Model Context Protocol servers whose tools the agents can use: a command to start (stdio) or a URL (HTTP).</source>
        <translation>智能体可使用其工具的 Model Context Protocol 服务器：一个启动命令（stdio）或一个 URL（HTTP）。</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>插件</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>Connections to model servers. Each provider keeps its own address, key and model. Keys go to the system keyring, never to the config file; ${env:VARIABLE} reads one from the environment instead.</source>
        <translation>到模型服务器的连接。每个提供商有自己的地址、密钥和模型。密钥保存在系统密钥环中，绝不写入配置文件；写 ${env:VARIABLE} 则从环境变量读取。</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>提供商</translation>
    </message>
</context>
<context>
    <name>SidebarSessions</name>
    <message>
        <source>the chat</source>
        <translation>该对话</translation>
    </message>
    <message>
        <source>Deleted “{title}”.</source>
        <translation>已删除“{title}”。</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Sign in to {server}</source>
        <translation>登录 {server}</translation>
    </message>
    <message>
        <source>The tool server &apos;{server}&apos; needs you to sign in</source>
        <translation>工具服务器“{server}”需要你登录</translation>
    </message>
    <message>
        <source>Agent Desktop keeps the access in your system keyring.</source>
        <translation>Agent Desktop 会将访问凭据保存在系统密钥环中。</translation>
    </message>
    <message>
        <source>{problem} The access is kept for this session only: you sign in again after a restart.</source>
        <translation>{problem} 访问凭据仅在本次会话中保留：重启后需要重新登录。</translation>
    </message>
    <message>
        <source>Your browser will open the login page on {host}. After you sign in there, the page sends you back to Agent Desktop and the server&apos;s tools become available.</source>
        <translation>浏览器将打开 {host} 上的登录页面。你在那里登录后，页面会跳回 Agent Desktop，服务器的工具随即可用。</translation>
    </message>
    <message>
        <source>Login page: {page}</source>
        <translation>登录页面：{page}</translation>
    </message>
    <message>
        <source>Login page address</source>
        <translation>登录页面地址</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>以后再说</translation>
    </message>
    <message>
        <source>The server stays signed out; Settings → MCP servers → Sign in again starts later</source>
        <translation>服务器将保持未登录状态；之后可在“设置 → MCP 服务器 → 重新登录”中开始</translation>
    </message>
    <message>
        <source>Open {shown_host}</source>
        <translation>打开 {shown_host}</translation>
    </message>
</context>
<context>
    <name>StartServerDialog</name>
    <message>
        <source>Start an agent server on this computer</source>
        <translation>在本机启动智能体服务器</translation>
    </message>
    <message>
        <source>The agent runs in a server of its own, without a window, with its own data folder. Only this computer can reach it on 127.0.0.1; another address needs TLS, as the server will tell you.</source>
        <translation>智能体在自己的服务器中运行，没有窗口，使用自己的数据文件夹。在 127.0.0.1 上只有本机可以访问它；其他地址需要 TLS，服务器会告诉你如何设置。</translation>
    </message>
    <message>
        <source>Address to listen on</source>
        <translation>监听地址</translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation>监听</translation>
    </message>
    <message>
        <source>Keep running after the app quits</source>
        <translation>退出应用后继续运行</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>Starting the agent server…</source>
        <translation>正在启动智能体服务器…</translation>
    </message>
</context>
<context>
    <name>TaskControls</name>
    <message>
        <source>Progress of {tool}</source>
        <translation>{tool} 的进度</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancel {tool}</source>
        <translation>取消 {tool}</translation>
    </message>
    <message>
        <source>Ask the server to stop this task</source>
        <translation>请求服务器停止此任务</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>TasksView</name>
    <message>
        <source>Running tasks</source>
        <translation>正在运行的任务</translation>
    </message>
    <message>
        <source>Open chat</source>
        <translation>打开对话</translation>
    </message>
    <message>
        <source>Cancel task</source>
        <translation>取消任务</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新建对话</translation>
    </message>
    <message>
        <source>{task} — in “{chat}”</source>
        <translation>{task} — 位于“{chat}”</translation>
    </message>
    <message>
        <source>No task is running.</source>
        <translation>没有正在运行的任务。</translation>
    </message>
    <message>
        <source>Could not cancel {task}: {error}</source>
        <translation>无法取消 {task}：{error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its chat shows how it ended.</source>
        <translation>已请求服务器取消 {task}；其结束情况会显示在对应的对话中。</translation>
    </message>
</context>
<context>
    <name>ToolRule</name>
    <message>
        <source>commands starting with “{value}”</source>
        <translation>以“{value}”开头的命令</translation>
    </message>
    <message>
        <source>files in the agent&apos;s workspace folder</source>
        <translation>智能体工作区文件夹中的文件</translation>
    </message>
    <message>
        <source>paths under “{value}”</source>
        <translation>“{value}”下的路径</translation>
    </message>
    <message>
        <source>URLs on {value}</source>
        <translation>{value} 上的 URL</translation>
    </message>
</context>
<context>
    <name>ToolRulesList</name>
    <message>
        <source>Argument rules</source>
        <translation>参数规则</translation>
    </message>
    <message>
        <source>Allowed by rule</source>
        <translation>按规则允许</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Runs without asking for</source>
        <translation>无需询问即可运行的范围</translation>
    </message>
    <message>
        <source>No rules. Choose “Always allow …” in an approval prompt to allow one tool only for calls like that one (a command prefix, a folder, a web domain).</source>
        <translation>没有规则。在批准提示中选择“始终允许 …”，即可仅针对类似的调用（命令前缀、文件夹、网站域名）允许某个工具。</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Revoke rule: {tool} {rule}</source>
        <translation>撤销规则：{tool} {rule}</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs for {rule}</source>
        <translation>对{rule}运行“{tool}”前再次询问</translation>
    </message>
</context>
<context>
    <name>ToolServers</name>
    <message>
        <source>sign-in needed</source>
        <translation>需要登录</translation>
    </message>
    <message>
        <source>starting again — failed: {reason} (stderr: {said})</source>
        <translation>正在重新启动 — 失败：{reason}（stderr：{said}）</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>failed: {reason} (stderr: {said})</source>
        <translation>失败：{reason}（stderr：{said}）</translation>
    </message>
    <message>
        <source>failed: {reason}</source>
        <translation>失败：{reason}</translation>
    </message>
    <message>
        <source>turned off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>not started yet</source>
        <translation>尚未启动</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Tools {ready}/{enabled}</source>
        <translation>工具 {ready}/{enabled}</translation>
    </message>
</context>
<context>
    <name>ToolServersButton</name>
    <message numerus="yes">
        <source>ready · %n tool(s)</source>
        <translation>
            <numerusform>就绪 · %n 个工具</numerusform>
        </translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>工具服务器</translation>
    </message>
    <message>
        <source>Tool servers: their state, logs and resources</source>
        <translation>工具服务器：状态、日志和资源</translation>
    </message>
    <message>
        <source>Tool servers menu</source>
        <translation>工具服务器菜单</translation>
    </message>
    <message>
        <source>Tool server {server}</source>
        <translation>工具服务器 {server}</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>显示日志</translation>
    </message>
    <message>
        <source>Browse resources…</source>
        <translation>浏览资源…</translation>
    </message>
    <message>
        <source>No tool servers are set up</source>
        <translation>尚未设置工具服务器</translation>
    </message>
    <message>
        <source>Running tasks…</source>
        <translation>正在运行的任务…</translation>
    </message>
</context>
<context>
    <name>ToolsPage</name>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>Remembered approvals</source>
        <translation>已记住的批准</translation>
    </message>
    <message>
        <source>No remembered decisions: every tool that changes things will ask.</source>
        <translation>没有记住的决定：每个会做出更改的工具都会先询问。</translation>
    </message>
    <message>
        <source>Available tools</source>
        <translation>可用工具</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>插件</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行方式</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>始终允许</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs</source>
        <translation>运行“{tool}”前再次询问</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>Hide window</source>
        <translation>隐藏窗口</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新建对话</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Show window</source>
        <translation>显示窗口</translation>
    </message>
    <message>
        <source>Answer ready</source>
        <translation>回答已就绪</translation>
    </message>
    <message>
        <source>Your chat has a new answer.</source>
        <translation>你的对话有新的回答。</translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>incomplete</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>stopped by you</source>
        <extracomment>How a request ended, from a provider&apos;s failure kind; anything else &quot;failed&quot;. How a request stopped before its end: the user&apos;s Stop (or Esc), or the app quitting. What the chat and the status bar call each ending.</extracomment>
        <translation>已被你停止</translation>
    </message>
    <message>
        <source>stopped when the app quit</source>
        <translation>应用退出时停止</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>connection cut</source>
        <translation>连接中断</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>The model returned nothing.</source>
        <translation>模型没有返回任何内容。</translation>
    </message>
</context>
<context>
    <name>TurnOutcomePanel</name>
    <message>
        <source>How the last request ended</source>
        <translation>上一次请求的结束情况</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Send the last message again</source>
        <translation>重新发送最后一条消息</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>Show the technical details</source>
        <translation>显示技术细节</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>技术细节</translation>
    </message>
    <message>
        <source>Timed out</source>
        <extracomment>The short bold line above the sentence, by how the request ended.</extracomment>
        <translation>已超时</translation>
    </message>
    <message>
        <source>Connection cut</source>
        <translation>连接中断</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Empty answer</source>
        <translation>空回答</translation>
    </message>
</context>
<context>
    <name>ViewHelper</name>
    <message>
        <source>this installation has no web engine for MCP App views (the Linux bundle leaves QtWebEngine out to stay small); the tool&apos;s text result is shown instead. To see views, install the Flatpak, or run Agent Desktop from a checkout with &apos;uv run agent-desktop&apos;</source>
        <translation>此安装没有用于 MCP App 视图的网页引擎（Linux 软件包为保持小巧未包含 QtWebEngine）；改为显示工具的文本结果。要查看视图，请安装 Flatpak，或在源码检出目录中用“uv run agent-desktop”运行 Agent Desktop</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>高对比度(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>View menu</source>
        <translation>视图菜单</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Bigger text</source>
        <translation>放大文字(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Smaller text</source>
        <translation>缩小文字(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <source>Show &amp;sidebar</source>
        <translation>显示侧边栏(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Help menu</source>
        <translation>帮助菜单</translation>
    </message>
    <message>
        <source>&amp;About Agent Desktop</source>
        <translation>关于 Agent Desktop(&amp;A)</translation>
    </message>
</context>
<context>
    <name>WelcomePane</name>
    <message>
        <source>Welcome and setup</source>
        <translation>欢迎与设置</translation>
    </message>
    <message>
        <source>Welcome to Agent Desktop</source>
        <translation>欢迎使用 Agent Desktop</translation>
    </message>
    <message>
        <source>Connect a model to start chatting. A local server needs no key; a cloud provider&apos;s key is never written to a file.</source>
        <translation>连接一个模型即可开始对话。本地服务器无需密钥；云服务提供商的密钥绝不会写入文件。</translation>
    </message>
    <message>
        <source>Local servers on this computer</source>
        <translation>这台电脑上的本地服务器</translation>
    </message>
    <message>
        <source>Detected local servers</source>
        <translation>检测到的本地服务器</translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation>正在查找本地服务器…</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <source>Scan again for local servers</source>
        <translation>重新扫描本地服务器</translation>
    </message>
    <message>
        <source>Use this server</source>
        <translation>使用此服务器</translation>
    </message>
    <message>
        <source>Use the selected local server</source>
        <translation>使用所选的本地服务器</translation>
    </message>
    <message>
        <source>Or use an API key</source>
        <translation>或者使用 API 密钥</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供商</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>服务器地址</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>sk-…  or  ${env:OPENAI_API_KEY}</source>
        <translation>sk-…  或  ${env:OPENAI_API_KEY}</translation>
    </message>
    <message>
        <source>Checking where keys can be kept…</source>
        <translation>正在检查密钥可以保存在哪里…</translation>
    </message>
    <message>
        <source>Where the key is kept</source>
        <translation>密钥的保存位置</translation>
    </message>
    <message>
        <source>Keep this key for this session only</source>
        <translation>仅在本次会话中保留此密钥</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>保存状态</translation>
    </message>
    <message>
        <source>Save and start</source>
        <translation>保存并开始</translation>
    </message>
    <message>
        <source>Save the API key and start</source>
        <translation>保存 API 密钥并开始</translation>
    </message>
    <message>
        <source>http://localhost:8000/v1</source>
        <translation>http://localhost:8000/v1</translation>
    </message>
    <message>
        <source>sk-…  or  ${{env:{variable}}}</source>
        <translation>sk-…  或  ${{env:{variable}}}</translation>
    </message>
    <message>
        <source>Optional: most local servers need none</source>
        <translation>可选：大多数本地服务器不需要</translation>
    </message>
    <message>
        <source>The key is stored in the system keyring. Or type ${env:VARIABLE} to read it from the environment instead.</source>
        <translation>密钥保存在系统密钥环中。也可以输入 ${env:VARIABLE}，改为从环境变量读取。</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message numerus="yes">
        <source>(%n model(s))</source>
        <translation>
            <numerusform>（%n 个模型）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %n.</source>
        <translation>
            <numerusform>找到 %n 个。</numerusform>
        </translation>
    </message>
    <message>
        <source>None found (Ollama, LM Studio, llama.cpp, vLLM).</source>
        <translation>未找到（Ollama、LM Studio、llama.cpp、vLLM）。</translation>
    </message>
    <message>
        <source>Enter the API key first.</source>
        <translation>请先输入 API 密钥。</translation>
    </message>
    <message>
        <source>Enter the server address, for example http://localhost:8000/v1.</source>
        <translation>请输入服务器地址，例如 http://localhost:8000/v1。</translation>
    </message>
    <message>
        <source>Enter a model in the Model field: a name the server lists, for example gpt-4o-mini or llama3.1.</source>
        <translation>请在“模型”字段中输入模型：服务器列出的名称，例如 gpt-4o-mini 或 llama3.1。</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>新建对话(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Import chat…</source>
        <translation>导入对话(&amp;I)…</translation>
    </message>
    <message>
        <source>Import chats exported as JSON</source>
        <translation>导入以 JSON 格式导出的对话</translation>
    </message>
    <message>
        <source>&amp;Export all my data…</source>
        <translation>导出我的全部数据(&amp;E)…</translation>
    </message>
    <message>
        <source>Every chat, memory, project, skill and setting in one file</source>
        <translation>所有对话、记忆、项目、技能和设置，保存在一个文件中</translation>
    </message>
    <message>
        <source>Import &amp;data…</source>
        <translation>导入数据(&amp;D)…</translation>
    </message>
    <message>
        <source>Connect to an agent server…</source>
        <translation>连接到智能体服务器…</translation>
    </message>
    <message>
        <source>Go to &amp;approval</source>
        <translation>转到批准(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>会话(&amp;S)</translation>
    </message>
    <message>
        <source>Session menu</source>
        <translation>会话菜单</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>重命名(&amp;R)…</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>导出为 Markdown(&amp;M)…</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>导出为 Markdown</translation>
    </message>
    <message>
        <source>Export as &amp;JSON…</source>
        <translation>导出为 JSON(&amp;J)…</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>导出为 JSON</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Chat &amp;instructions…</source>
        <translation>对话指令(&amp;I)…</translation>
    </message>
    <message>
        <source>What this chat tells the model first</source>
        <translation>此对话首先告诉模型的内容</translation>
    </message>
    <message>
        <source>Sc&amp;hedule this chat…</source>
        <translation>计划此聊天(&amp;H)…</translation>
    </message>
    <message>
        <source>Schedu&amp;les…</source>
        <translation>计划列表(&amp;L)…</translation>
    </message>
    <message>
        <source>Export this chat</source>
        <translation>导出此对话</translation>
    </message>
</context>
<context>
    <name>WindowNotices</name>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>_AnswerColumn</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Answer of {model}</source>
        <translation>{model} 的回答</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>正在写入…</translation>
    </message>
    <message>
        <source>State of {model}</source>
        <translation>{model} 的状态</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>失败：{reason}</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>_Dialog</name>
    <message>
        <source>Server&apos;s question</source>
        <translation>服务器的问题</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>谢绝</translation>
    </message>
    <message>
        <source>Answer later: the tool is told the request was cancelled</source>
        <translation>稍后回答：工具会收到请求已取消的通知</translation>
    </message>
</context>
<context>
    <name>_KeyValueField</name>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add to {label}</source>
        <translation>添加到{label}</translation>
    </message>
</context>
<context>
    <name>_KeyValueRow</name>
    <message>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>{label} name</source>
        <translation>{label}名称</translation>
    </message>
    <message>
        <source>{label} value</source>
        <translation>{label}值</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>机密</translation>
    </message>
    <message>
        <source>Keep the value in the system keyring, not in the config file</source>
        <translation>将值保存在系统密钥环中，而不是配置文件中</translation>
    </message>
    <message>
        <source>Remove from {label}</source>
        <translation>从{label}中移除</translation>
    </message>
    <message>
        <source>•••••••• stored (type to replace)</source>
        <translation>•••••••• 已保存（输入即可替换）</translation>
    </message>
    <message>
        <source>value, or ${env:VARIABLE}</source>
        <translation>值，或 ${env:VARIABLE}</translation>
    </message>
</context>
<context>
    <name>_PathField</name>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
</context>
<context>
    <name>_SecretField</name>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the stored secret from the system keyring</source>
        <translation>从系统密钥环中移除已保存的机密</translation>
    </message>
    <message>
        <source>•••• kept for this session only</source>
        <translation>•••• 仅在本次会话中保留</translation>
    </message>
    <message>
        <source>•••• stored in the system keyring</source>
        <translation>•••• 已保存在系统密钥环中</translation>
    </message>
</context>
<context>
    <name>_SelectField</name>
    <message>
        <source>{value} (not offered)</source>
        <translation>{value}（不在可选项中）</translation>
    </message>
</context>
</TS>
