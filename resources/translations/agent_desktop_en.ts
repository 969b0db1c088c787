<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AskSeveralPopup</name>
    <message numerus="yes">
        <source>Send to %n models</source>
        <translation>
            <numerusform>Send to %n model</numerusform>
            <numerusform>Send to %n models</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatDelegate</name>
    <message numerus="yes">
        <source>Reasoning (%n words)</source>
        <translation>
            <numerusform>Reasoning (%n word)</numerusform>
            <numerusform>Reasoning (%n words)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message numerus="yes">
        <source>%n models answer; each answer is kept as a version (‹ ›).</source>
        <translation>
            <numerusform>%n model answers; each answer is kept as a version (‹ ›).</numerusform>
            <numerusform>%n models answer; each answer is kept as a version (‹ ›).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message numerus="yes">
        <source>Attached %n file(s) from “{name}”.</source>
        <translation>
            <numerusform>Attached %n file from “{name}”.</numerusform>
            <numerusform>Attached %n files from “{name}”.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DataTransfer</name>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>Imported %n chat.</numerusform>
            <numerusform>Imported %n chats.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImportChoice</name>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n chat</numerusform>
            <numerusform>%n chats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remembered item(s)</source>
        <translation>
            <numerusform>%n remembered item</numerusform>
            <numerusform>%n remembered items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n project</numerusform>
            <numerusform>%n projects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s)</source>
        <translation>
            <numerusform>%n skill</numerusform>
            <numerusform>%n skills</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n schedule(s), imported switched off</source>
        <translation>
            <numerusform>%n schedule, imported switched off</numerusform>
            <numerusform>%n schedules, imported switched off</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImportPreview</name>
    <message numerus="yes">
        <source>Add %n server(s)</source>
        <translation>
            <numerusform>Add %n server</numerusform>
            <numerusform>Add %n servers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message numerus="yes">
        <source>Connected: %n tool(s) ({tools}).</source>
        <translation>
            <numerusform>Connected: %n tool ({tools}).</numerusform>
            <numerusform>Connected: %n tools ({tools}).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProjectsPanel</name>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n chat</numerusform>
            <numerusform>%n chats</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message numerus="yes">
        <source>Connected: %n model(s) ({models}).</source>
        <translation>
            <numerusform>Connected: %n model ({models}).</numerusform>
            <numerusform>Connected: %n models ({models}).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResourceBrowser</name>
    <message numerus="yes">
        <source>… (%n characters in all)</source>
        <translation>
            <numerusform>… (%n character in all)</numerusform>
            <numerusform>… (%n characters in all)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RowLayouter</name>
    <message numerus="yes">
        <source>… %n earlier characters not shown …</source>
        <translation>
            <numerusform>… %n earlier character not shown …</numerusform>
            <numerusform>… %n earlier characters not shown …</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ServerStatusLog</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n tool</numerusform>
            <numerusform>%n tools</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SessionSidebar</name>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>Imported %n chat.</numerusform>
            <numerusform>Imported %n chats.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n d</numerusform>
            <numerusform>%n d</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolServersButton</name>
    <message numerus="yes">
        <source>ready · %n tool(s)</source>
        <translation>
            <numerusform>ready · %n tool</numerusform>
            <numerusform>ready · %n tools</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WelcomePane</name>
    <message numerus="yes">
        <source>(%n model(s))</source>
        <translation>
            <numerusform>(%n model)</numerusform>
            <numerusform>(%n models)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %n.</source>
        <translation>
            <numerusform>Found %n.</numerusform>
            <numerusform>Found %n.</numerusform>
        </translation>
    </message>
</context>
</TS>
